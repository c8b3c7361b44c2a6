//! The stable code of every problem hatchway reports, in one place: each
//! is rendered as `hatchway::NAME` (in diagnostics, and in the `code` of
//! `hatchway check --format json`), and scripts may match on those
//! strings. A code, once published, keeps its name.

/// Declares [`Code`] with each variant's name, so that the list below is
/// the only place codes are written.
macro_rules! codes {
    ($($(#[doc = $doc:literal])* $variant:ident = $name:literal,)*) => {
        /// What kind of problem a [`Problem`](super::Problem) is.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Code {
            $(
                $(#[doc = $doc])*
                #[doc = ""]
                #[doc = concat!("Written `hatchway::", $name, "`.")]
                $variant,
            )*
        }

        impl Code {
            /// Every code, in the order of the list.
            pub const ALL: &[Code] = &[$(Code::$variant,)*];

            /// The code as written in diagnostics: `hatchway::NAME`.
            pub fn as_str(self) -> &'static str {
                match self {
                    $(Code::$variant => concat!("hatchway::", $name),)*
                }
            }
        }
    };
}

codes! {
    /// A hatch action acts on a hatch state that moving can change.
    ActionOnMovingHatch = "action_on_moving_hatch",
    /// A board named on the command line is both a file and a built-in
    /// board, or names a shipped board's file that is not there.
    AmbiguousBoardName = "ambiguous_board_name",
    /// A rule has a condition its kind cannot depend on.
    ConditionNotAllowed = "condition_not_allowed",
    /// Two rules of a rules file say different things about the same case.
    ConflictingRules = "conflicting_rules",
    /// A cost is not a whole number of minutes in the allowed range.
    CostOutOfRange = "cost_out_of_range",
    /// Two hatches of a board join the same two rooms.
    DuplicateHatch = "duplicate_hatch",
    /// A note under a refused step: the rule that decided it.
    DecidingRule = "deciding_rule",
    /// A state or item is declared twice.
    DuplicateName = "duplicate_name",
    /// Two rooms of a board are drawn at the same place.
    DuplicatePosition = "duplicate_position",
    /// A room is declared twice.
    DuplicateRoom = "duplicate_room",
    /// A statement that may appear once appears twice.
    DuplicateStatement = "duplicate_statement",
    /// An action is declared on rooms in one statement and on hatches in another.
    MixedAction = "mixed_action",
    /// A line of a flat file is blank.
    FlatBlankLine = "flat_blank_line",
    /// A line of a flat file has the wrong number of entries.
    FlatCount = "flat_count",
    /// A flat file has more or fewer than three lines.
    FlatExtra = "flat_extra",
    /// An entry of a flat file is missing between commas.
    FlatMissing = "flat_missing",
    /// The start room of a flat file is not a room number.
    FlatStart = "flat_start",
    /// A line of a flat file ends with a comma.
    FlatTrailingComma = "flat_trailing_comma",
    /// A word of a flat file is not one of the flat format's states.
    FlatUnknownWord = "flat_unknown_word",
    /// A line of a flat file lists the other kind of states.
    FlatWrongLine = "flat_wrong_line",
    /// A hatch joins a room to itself.
    HatchToItself = "hatch_to_itself",
    /// A step of a planned or drawn path breaks the rules.
    IllegalStep = "illegal_step",
    /// A YAML or JSON board does not have the shape of the interchange document.
    InvalidDocument = "invalid_document",
    /// A name holds characters it may not.
    InvalidName = "invalid_name",
    /// A room id is not a valid room number.
    InvalidRoomId = "invalid_room_id",
    /// A file is not valid UTF-8 text.
    InvalidUtf8 = "invalid_utf8",
    /// A rules file leaves a case that needs a rule without one.
    MissingRule = "missing_rule",
    /// A board names no start room.
    MissingStart = "missing_start",
    /// A rules file lacks a statement every rules file needs.
    MissingStatement = "missing_statement",
    /// A name is longer than the limit.
    NameTooLong = "name_too_long",
    /// A planned step goes through a hatch that does not exist.
    NoSuchHatch = "no_such_hatch",
    /// A file holds a NUL byte: it is not text.
    NotText = "not_text",
    /// A step of a planned path cannot be read.
    PlanSyntax = "plan_syntax",
    /// A planned path has more steps than the limit.
    PlanTooLong = "plan_too_long",
    /// A room's position is larger than the limit.
    PositionOutOfRange = "position_out_of_range",
    /// One rule names the same item twice.
    RepeatedCondition = "repeated_condition",
    /// A rules file takes the name of built-in rules and differs from them
    /// (a warning).
    RulesNameTaken = "rules_name_taken",
    /// An exported board names rules that are not built in.
    RulesNotBuiltin = "rules_not_builtin",
    /// The rules a board names have errors of their own.
    RulesUnusable = "rules_unusable",
    /// A file does not parse.
    Syntax = "syntax",
    /// A file or input is larger than the size limit.
    TooLarge = "too_large",
    /// A file declares more rooms, hatches, states or items than the limits allow.
    TooMany = "too_many",
    /// A file has more problems than are listed; the rest are counted.
    TooManyProblems = "too_many_problems",
    /// A flow rule leaves two rooms of one state in different states.
    UnevenFlow = "uneven_flow",
    /// A state or item name is not declared.
    UnknownName = "unknown_name",
    /// A room named in a plan or on the command line does not exist.
    UnknownRoom = "unknown_room",
    /// A board names rules that are neither built in nor a file.
    UnknownRules = "unknown_rules",
    /// A room can never be reached from the start room (a warning).
    UnreachableRoom = "unreachable_room",
    /// A file cannot be read.
    Unreadable = "unreadable",
    /// A board was expected and a rules file found, or the other way round.
    WrongKind = "wrong_kind",
}

impl std::fmt::Display for Code {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Its schema lists every code, so that a program validating a document
/// knows the whole list.
impl schemars::JsonSchema for Code {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Code".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        let names: Vec<&str> = Code::ALL.iter().map(|c| c.as_str()).collect();
        schemars::json_schema!({
            "description": "A problem's code: `hatchway::` and its name.",
            "type": "string",
            "enum": names,
        })
    }
}

impl serde::Serialize for Code {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::Code;

    #[test]
    fn codes_are_distinct_and_well_formed() {
        let mut seen = std::collections::HashSet::new();
        for code in Code::ALL {
            let name = code.as_str();
            assert!(seen.insert(name), "{name} twice");
            let rest = name.strip_prefix("hatchway::").unwrap_or("");
            assert!(
                !rest.is_empty()
                    && rest
                        .chars()
                        .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_'),
                "{name}"
            );
        }
        assert_eq!(seen.len(), Code::ALL.len());
    }
}
