//! The syntax tree of a hatchway file: what was written, where, before any
//! meaning is checked. Every name keeps its byte span so that the checker can
//! point at it.

// A name keeps the span diagnostics point at.
pub use crate::diagnostic::Span;

/// A word of the file with the place it was written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Name {
    /// The text as written (without quotes).
    pub text: String,
    /// Where it stands.
    pub span: Span,
}

impl Name {
    /// A name with a known place.
    pub fn new(text: impl Into<String>, span: Span) -> Self {
        Name {
            text: text.into(),
            span,
        }
    }
}

/// A whole file: rules or a board.
#[derive(Clone, Debug)]
pub enum File {
    /// A file that starts with `rules`.
    Rules(RulesFile),
    /// A file that starts with `board`.
    Board(BoardFile),
}

/// A rules file: the movement rules of one game or variant.
#[derive(Clone, Debug, Default)]
pub struct RulesFile {
    /// The name after `rules`.
    pub name: Name,
    /// The statements in the order written.
    pub statements: Vec<RulesStatement>,
}

impl Default for Name {
    fn default() -> Self {
        Name::new("", Span::default())
    }
}

/// One statement of a rules file.
#[derive(Clone, Debug)]
pub enum RulesStatement {
    /// `room states: a, b, c`
    RoomStates(Vec<Name>, Span),
    /// `hatch states: a, b, c`
    HatchStates(Vec<Name>, Span),
    /// `items: grog, aqualung`
    Items(Vec<Name>, Span),
    /// `open closed: cost 1, becomes open`
    Open(OpenRule),
    /// `walk through: open`
    WalkThrough(Vec<Name>, Span),
    /// `enter low_flood: cost 1`
    Enter(EnterRule),
    /// `leave fire: forbidden`
    Leave(LeaveRule),
    /// `flow high_flood + clear -> low_flood + low_flood`
    Flow(FlowRule),
    /// `revisit: forbidden`
    Revisit(bool, Span),
    /// `end fire: fatal`
    End(EndRule),
    /// `action extinguish_fire: room fire becomes clear`
    ActionDecl(ActionDecl),
    /// `action in low_flood: cost 2`
    ActionRule(ActionRule),
    /// `action extinguish_fire fails: leave`
    ActionFailure(ActionFailure),
    /// `say low_flood: "low water"`
    Say(Say),
}

/// How a player says a name the rules declare.
#[derive(Clone, Debug)]
pub struct Say {
    /// The name: a room or hatch state, an item or an action.
    pub name: Name,
    /// The words, as written between the quotes.
    pub words: String,
    /// Where the words stand.
    pub words_span: Span,
    /// The whole statement.
    pub span: Span,
}

/// A condition that narrows a rule to some cases.
#[derive(Clone, Debug)]
pub enum Condition {
    /// `from STATE`: the room being left is in this state.
    From(Name),
    /// `through STATE`: the hatch walked through is in this state.
    Through(Name),
    /// `in STATE`: the gnome's room is in this state (action rules).
    In(Name),
    /// `with ITEM`: the player holds the item.
    With(Name),
    /// `without ITEM`: the player does not hold the item.
    Without(Name),
}

impl Condition {
    /// The place of the condition's name.
    pub fn name(&self) -> &Name {
        match self {
            Condition::From(n)
            | Condition::Through(n)
            | Condition::In(n)
            | Condition::With(n)
            | Condition::Without(n) => n,
        }
    }
}

/// A cost as written: kept as text so that an overlong number is reported,
/// not wrapped.
#[derive(Clone, Debug)]
pub struct CostText(pub Name);

/// `open STATE [conditions]: cost N, becomes STATE` or `: forbidden`.
#[derive(Clone, Debug)]
pub struct OpenRule {
    /// The hatch state this rule opens.
    pub state: Name,
    /// Conditions on items.
    pub conditions: Vec<Condition>,
    /// `None` when opening is forbidden.
    pub effect: Option<(CostText, Name)>,
    /// The whole statement.
    pub span: Span,
}

/// `enter STATE [conditions]: cost N` or `: forbidden`.
#[derive(Clone, Debug)]
pub struct EnterRule {
    /// The state of the room entered.
    pub state: Name,
    /// Conditions on the room left, the hatch and items.
    pub conditions: Vec<Condition>,
    /// `None` when entering is forbidden.
    pub cost: Option<CostText>,
    /// The whole statement.
    pub span: Span,
}

/// `leave STATE [conditions]: forbidden` or `: allowed`.
#[derive(Clone, Debug)]
pub struct LeaveRule {
    /// The state of the room being left.
    pub state: Name,
    /// Conditions on items.
    pub conditions: Vec<Condition>,
    /// Whether leaving is allowed.
    pub allowed: bool,
    /// The whole statement.
    pub span: Span,
}

/// `flow A + B -> A2 + B2`: when a hatch between a room in state A and one in
/// state B is opened, they become A2 and B2.
#[derive(Clone, Debug)]
pub struct FlowRule {
    /// The two states that meet.
    pub meet: [Name; 2],
    /// What each becomes, in the same order.
    pub become_: [Name; 2],
    /// The whole statement.
    pub span: Span,
}

/// `end STATE [conditions]: fatal` or `: safe`.
#[derive(Clone, Debug)]
pub struct EndRule {
    /// The state of the room the gnome is left in.
    pub state: Name,
    /// Conditions on items.
    pub conditions: Vec<Condition>,
    /// Whether the gnome dies.
    pub fatal: bool,
    /// The whole statement.
    pub span: Span,
}

/// What an action acts on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ActionOn {
    /// The gnome's room.
    Room,
    /// A hatch of the gnome's room.
    Hatch,
}

/// `action NAME: room STATE becomes STATE` (or `hatch`).
#[derive(Clone, Debug)]
pub struct ActionDecl {
    /// The action's name.
    pub name: Name,
    /// What it acts on.
    pub on: ActionOn,
    /// The state it acts on.
    pub state: Name,
    /// What that state becomes when the roll succeeds.
    pub becomes: Name,
    /// The whole statement.
    pub span: Span,
}

/// What an action rule says.
#[derive(Clone, Debug)]
pub enum ActionEffect {
    /// `forbidden`
    Forbidden,
    /// `cost N`: extra minutes, paid before the roll.
    Cost(CostText),
    /// `bonus N`: added to the minutes the roll must beat.
    Bonus(CostText),
}

/// `action [NAME] [conditions]: forbidden`, `: cost N` or `: bonus N`.
#[derive(Clone, Debug)]
pub struct ActionRule {
    /// The action the rule is about; `None` for every action.
    pub action: Option<Name>,
    /// Conditions on the gnome's room and items.
    pub conditions: Vec<Condition>,
    /// What it says.
    pub effect: ActionEffect,
    /// The whole statement.
    pub span: Span,
}

/// `action NAME fails: leave`: after a failed roll, the gnome must take
/// one step out of the room.
#[derive(Clone, Debug)]
pub struct ActionFailure {
    /// The action.
    pub action: Name,
    /// The whole statement.
    pub span: Span,
}

/// A board file: a submarine layout and where its turn starts.
#[derive(Clone, Debug, Default)]
pub struct BoardFile {
    /// The name after `board`.
    pub name: Name,
    /// The rules it is played by; `None` means the default rules.
    pub rules: Vec<RulesRef>,
    /// The rooms, in the order written.
    pub rooms: Vec<RoomDecl>,
    /// The hatches, in the order written.
    pub hatches: Vec<HatchDecl>,
    /// Every `start` statement (one is expected).
    pub starts: Vec<Name>,
}

/// Which rules a board uses.
#[derive(Clone, Debug)]
pub enum RulesRef {
    /// A built-in rules file, by name: `rules red-november`.
    Builtin(Name),
    /// A rules file by path relative to the board: `rules "variant.rules"`.
    Path(Name),
}

impl RulesRef {
    /// The name or path as written.
    pub fn name(&self) -> &Name {
        match self {
            RulesRef::Builtin(n) | RulesRef::Path(n) => n,
        }
    }
}

/// `room ID ["Display name"] [at COL,ROW] [: STATE]`
#[derive(Clone, Debug)]
pub struct RoomDecl {
    /// The room's id.
    pub id: Name,
    /// Its display name, if any.
    pub display: Option<Name>,
    /// Where `hatchway draw` puts it, if the board says.
    pub position: Option<Position>,
    /// Its state at the start of the turn; `None` means the rules' first state.
    pub state: Option<Name>,
}

/// `hatch A-B [: STATE]`
#[derive(Clone, Debug)]
pub struct HatchDecl {
    /// The two rooms it joins.
    pub rooms: [Name; 2],
    /// Its state; `None` means the rules' first hatch state.
    pub state: Option<Name>,
    /// The whole statement.
    pub span: Span,
}

/// `at COL,ROW`: a room's place in a drawing of the ship. The numbers are
/// kept as text so that an overlong one is reported, not wrapped.
#[derive(Clone, Debug)]
pub struct Position {
    /// The column, from 0 at the left.
    pub column: Name,
    /// The row, from 0 at the top.
    pub row: Name,
    /// The whole `at COL,ROW`.
    pub span: Span,
}
