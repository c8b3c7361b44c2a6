//! Text to syntax tree: the pest grammar in `grammar/hatchway.pest` and the
//! walk that turns its parse tree into an [`ast::File`] with spans.

pub mod ast;

use pest::Parser;
use pest::error::{ErrorVariant, InputLocation};
use pest::iterators::Pair;
use pest_derive::Parser;

use crate::diagnostic::Problem;
use ast::{
    BoardFile, Condition, CostText, EnterRule, File, FlowRule, HatchDecl, LeaveRule, Name,
    OpenRule, RoomDecl, RulesFile, RulesRef, RulesStatement, Span,
};

#[derive(Parser)]
#[grammar = "../grammar/hatchway.pest"]
struct HatchwayParser;

/// Parses a whole file. A syntax error is one problem pointing at the place
/// where the text stopped making sense.
pub fn parse(text: &str) -> Result<File, Problem> {
    let mut pairs =
        HatchwayParser::parse(Rule::file, text).map_err(|e| syntax_problem(&e, text))?;
    let file = pairs.next().and_then(|p| p.into_inner().next());
    match file {
        Some(p) if p.as_rule() == Rule::rules_file => Ok(File::Rules(rules_file(p))),
        Some(p) => Ok(File::Board(board_file(p, text.len()))),
        None => Err(Problem::error("hatchway::syntax", "the file is empty")),
    }
}

fn span_of(pair: &Pair<'_, Rule>) -> Span {
    let s = pair.as_span();
    Span::new(s.start(), s.end())
}

fn name(pair: Pair<'_, Rule>) -> Name {
    // A quoted string carries its text one level down; its span stays the
    // whole string so that the label covers the quotes.
    let span = span_of(&pair);
    let text = if pair.as_rule() == Rule::string {
        pair.into_inner()
            .next()
            .map_or("", |p| p.as_str())
            .to_string()
    } else {
        pair.as_str().to_string()
    };
    Name::new(text, span)
}

fn names(pair: Pair<'_, Rule>) -> Vec<Name> {
    pair.into_inner().map(name).collect()
}

/// Skips keyword tokens, which carry no meaning beyond the rule they start.
fn meaningful(pair: Pair<'_, Rule>) -> impl Iterator<Item = Pair<'_, Rule>> {
    pair.into_inner().filter(|p| {
        !matches!(
            p.as_rule(),
            Rule::kw_rules
                | Rule::kw_board
                | Rule::kw_room
                | Rule::kw_hatch
                | Rule::kw_states
                | Rule::kw_items
                | Rule::kw_open
                | Rule::kw_walk
                | Rule::kw_through
                | Rule::kw_enter
                | Rule::kw_leave
                | Rule::kw_flow
                | Rule::kw_revisit
                | Rule::kw_from
                | Rule::kw_with
                | Rule::kw_without
                | Rule::kw_cost
                | Rule::kw_becomes
                | Rule::kw_start
        )
    })
}

fn rules_file(pair: Pair<'_, Rule>) -> RulesFile {
    let mut file = RulesFile::default();
    for p in meaningful(pair) {
        let span = span_of(&p);
        let statement = match p.as_rule() {
            Rule::string | Rule::title => {
                file.name = name(p);
                continue;
            }
            Rule::room_states => RulesStatement::RoomStates(list(p), span),
            Rule::hatch_states => RulesStatement::HatchStates(list(p), span),
            Rule::items_decl => RulesStatement::Items(list(p), span),
            Rule::walk_rule => RulesStatement::WalkThrough(list(p), span),
            Rule::open_rule => RulesStatement::Open(open_rule(p)),
            Rule::enter_rule => RulesStatement::Enter(enter_rule(p)),
            Rule::leave_rule => RulesStatement::Leave(leave_rule(p)),
            Rule::flow_rule => RulesStatement::Flow(flow_rule(p)),
            Rule::revisit_rule => {
                let allowed = meaningful(p).any(|q| q.as_rule() == Rule::allowed);
                RulesStatement::Revisit(allowed, span)
            }
            _ => continue,
        };
        file.statements.push(statement);
    }
    file
}

fn list(pair: Pair<'_, Rule>) -> Vec<Name> {
    meaningful(pair)
        .find(|p| p.as_rule() == Rule::ident_list)
        .map(names)
        .unwrap_or_default()
}

fn condition(pair: Pair<'_, Rule>) -> Option<Condition> {
    let inner = pair.into_inner().next()?;
    let rule = inner.as_rule();
    let n = meaningful(inner).next().map(name)?;
    Some(match rule {
        Rule::from_cond => Condition::From(n),
        Rule::through_cond => Condition::Through(n),
        Rule::with_cond => Condition::With(n),
        _ => Condition::Without(n),
    })
}

fn cost_text(pair: Pair<'_, Rule>) -> CostText {
    CostText(meaningful(pair).next().map(name).unwrap_or_default())
}

fn open_rule(pair: Pair<'_, Rule>) -> OpenRule {
    let span = span_of(&pair);
    let mut rule = OpenRule {
        state: Name::default(),
        conditions: Vec::new(),
        effect: None,
        span,
    };
    for p in meaningful(pair) {
        match p.as_rule() {
            Rule::ident => rule.state = name(p),
            Rule::condition => rule.conditions.extend(condition(p)),
            Rule::open_effect => {
                let mut cost = CostText(Name::default());
                let mut becomes = Name::default();
                for q in meaningful(p) {
                    match q.as_rule() {
                        Rule::cost => cost = cost_text(q),
                        _ => becomes = name(q),
                    }
                }
                rule.effect = Some((cost, becomes));
            }
            _ => {}
        }
    }
    rule
}

fn enter_rule(pair: Pair<'_, Rule>) -> EnterRule {
    let span = span_of(&pair);
    let mut rule = EnterRule {
        state: Name::default(),
        conditions: Vec::new(),
        cost: None,
        span,
    };
    for p in meaningful(pair) {
        match p.as_rule() {
            Rule::ident => rule.state = name(p),
            Rule::condition => rule.conditions.extend(condition(p)),
            Rule::cost => rule.cost = Some(cost_text(p)),
            _ => {}
        }
    }
    rule
}

fn leave_rule(pair: Pair<'_, Rule>) -> LeaveRule {
    let span = span_of(&pair);
    let mut rule = LeaveRule {
        state: Name::default(),
        conditions: Vec::new(),
        allowed: false,
        span,
    };
    for p in meaningful(pair) {
        match p.as_rule() {
            Rule::ident => rule.state = name(p),
            Rule::condition => rule.conditions.extend(condition(p)),
            Rule::allowed => rule.allowed = true,
            _ => {}
        }
    }
    rule
}

fn flow_rule(pair: Pair<'_, Rule>) -> FlowRule {
    let span = span_of(&pair);
    let mut states: Vec<Name> = meaningful(pair).map(name).collect();
    states.resize(4, Name::default());
    let [a, b, c, d]: [Name; 4] = states.try_into().unwrap_or_default();
    FlowRule {
        meet: [a, b],
        become_: [c, d],
        span,
    }
}

fn board_file(pair: Pair<'_, Rule>, len: usize) -> BoardFile {
    let mut file = BoardFile {
        end: Span::new(len.saturating_sub(1), len),
        ..BoardFile::default()
    };
    for p in meaningful(pair) {
        match p.as_rule() {
            Rule::string | Rule::title => file.name = name(p),
            Rule::rules_ref => {
                if let Some(q) = meaningful(p).next() {
                    let quoted = q.as_rule() == Rule::string;
                    let n = name(q);
                    file.rules.push(if quoted {
                        RulesRef::Path(n)
                    } else {
                        RulesRef::Builtin(n)
                    });
                }
            }
            Rule::room_decl => {
                let mut decl = RoomDecl {
                    id: Name::default(),
                    display: None,
                    state: None,
                };
                for q in meaningful(p) {
                    match q.as_rule() {
                        Rule::room_id => decl.id = name(q),
                        Rule::string => decl.display = Some(name(q)),
                        _ => decl.state = Some(name(q)),
                    }
                }
                file.rooms.push(decl);
            }
            Rule::hatch_decl => {
                let span = span_of(&p);
                let mut ids = Vec::new();
                let mut state = None;
                for q in meaningful(p) {
                    match q.as_rule() {
                        Rule::room_id => ids.push(name(q)),
                        _ => state = Some(name(q)),
                    }
                }
                ids.resize(2, Name::default());
                let [a, b]: [Name; 2] = ids.try_into().unwrap_or_default();
                file.hatches.push(HatchDecl {
                    rooms: [a, b],
                    state,
                    span,
                });
            }
            Rule::start_decl => file.starts.extend(meaningful(p).next().map(name)),
            _ => {}
        }
    }
    file
}

/// What a grammar rule is called in a message to a player.
fn describe(rule: &Rule) -> &'static str {
    match rule {
        Rule::EOI => "the end of the file",
        Rule::ident | Rule::ident_list => "a name",
        Rule::number => "a number",
        Rule::room_id => "a room id",
        Rule::title => "a name",
        Rule::string | Rule::string_text => "a quoted text",
        Rule::kw_rules | Rule::rules_file | Rule::rules_ref => "`rules`",
        Rule::kw_board | Rule::board_file => "`board`",
        Rule::kw_room | Rule::room_decl => "`room`",
        Rule::kw_hatch | Rule::hatch_decl => "`hatch`",
        Rule::kw_states | Rule::room_states | Rule::hatch_states => "`states`",
        Rule::kw_items | Rule::items_decl => "`items`",
        Rule::kw_open | Rule::open_rule => "`open`",
        Rule::kw_walk | Rule::walk_rule => "`walk`",
        Rule::kw_through | Rule::through_cond => "`through`",
        Rule::kw_enter | Rule::enter_rule => "`enter`",
        Rule::kw_leave | Rule::leave_rule => "`leave`",
        Rule::kw_flow | Rule::flow_rule => "`flow`",
        Rule::kw_revisit | Rule::revisit_rule => "`revisit`",
        Rule::kw_from | Rule::from_cond => "`from`",
        Rule::kw_with | Rule::with_cond => "`with`",
        Rule::kw_without | Rule::without_cond => "`without`",
        Rule::kw_cost | Rule::cost => "`cost`",
        Rule::open_effect => "`cost`",
        Rule::kw_becomes => "`becomes`",
        Rule::kw_start | Rule::start_decl => "`start`",
        Rule::forbidden => "`forbidden`",
        Rule::allowed => "`allowed`",
        Rule::condition => "a condition (`from`, `through`, `with`, `without`)",
        Rule::file => "`rules` or `board`",
        _ => "something else",
    }
}

fn syntax_problem(error: &pest::error::Error<Rule>, text: &str) -> Problem {
    let (start, end) = match error.location {
        InputLocation::Pos(p) => (p, p),
        InputLocation::Span((s, e)) => (s, e),
    };
    // Point at the whole character (or word) found there, so the label is
    // visible even at the end of a line.
    let found_end = text[start.min(text.len())..]
        .char_indices()
        .find(|&(i, c)| i > 0 && (c.is_whitespace() || !(c.is_alphanumeric() || c == '_')))
        .map_or(text.len(), |(i, _)| start + i)
        .max(end);
    let found = &text[start.min(text.len())..found_end.min(text.len())];
    let found_text = if found.is_empty() {
        "the end of the file".to_string()
    } else {
        format!("`{}`", found.trim())
    };
    let expected = match &error.variant {
        ErrorVariant::ParsingError { positives, .. } => {
            let mut words: Vec<&str> = positives.iter().map(describe).collect();
            words.sort_unstable();
            words.dedup();
            words
        }
        ErrorVariant::CustomError { .. } => Vec::new(),
    };
    let expected_text = match expected.as_slice() {
        [] => "something else".to_string(),
        [one] => (*one).to_string(),
        [init @ .., last] => format!("{} or {}", init.join(", "), last),
    };
    let label_span = if found.is_empty() {
        Span::new(
            start,
            start.saturating_add(1).min(text.len().max(start + 1)),
        )
    } else {
        Span::new(start, found_end)
    };
    let mut problem = Problem::error(
        "hatchway::syntax",
        format!("expected {expected_text}, found {found_text}"),
    )
    .label(label_span, format!("expected {expected_text}"));
    if start == 0 {
        problem =
            problem.help("a rules file starts with `rules NAME`, a board file with `board NAME`");
    }
    problem
}
