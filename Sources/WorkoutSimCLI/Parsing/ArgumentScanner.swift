import WorkoutScenario

/// Walks the arguments of one subcommand: options (`--name`, `--name=value`, `-h`), positional
/// arguments, and `--` (everything after it is positional). `package`, with its methods: the
/// example's `fitness-tracker-phone` parses its options with it.
package struct ArgumentScanner {
  /// One parsed argument.
  package enum Token: Equatable {
    /// `--name` or `--name=value` (`inlineValue`), or a short `-x`.
    case option(name: String, inlineValue: String?)
    /// Anything else, or anything after `--`.
    case positional(String)
  }

  private var remaining: ArraySlice<String>
  private var afterTerminator = false
  /// The options naming one file read so far (``value(for:inline:valueName:)``).
  private var given: Set<String> = []
  /// The options that name the one input or output file of their kind: given twice, one file
  /// would silently go unread or unwritten, so the second is refused. Settings (`--seed`,
  /// `--type`, `--until`, ...) follow the usual rule instead, the last one wins, and
  /// `--export` and `--at` collect (docs/command-line.md#options-given-twice).
  static let oneFile: Set<String> = [
    "--scenario", "--recording", "--junit", "--out", "--write-scenario",
  ]
  /// The subcommand, for error messages.
  let command: String

  package init(_ arguments: [String], command: String) {
    self.remaining = arguments[...]
    self.command = command
  }

  /// The next token, or `nil` at the end.
  package mutating func next() -> Token? {
    guard let argument = remaining.popFirst() else { return nil }
    if afterTerminator { return .positional(argument) }
    if argument == "--" {
      afterTerminator = true
      return next()
    }
    if argument.hasPrefix("--") {
      if let equals = argument.firstIndex(of: "=") {
        return .option(
          name: String(argument[..<equals]),
          inlineValue: String(argument[argument.index(after: equals)...]))
      }
      return .option(name: argument, inlineValue: nil)
    }
    if argument.hasPrefix("-"), argument.count > 1, NumberText.parse(argument.dropFirst()) == nil {
      return .option(name: argument, inlineValue: nil)
    }
    return .positional(argument)
  }

  /// The value of option `name`: its inline `=value`, else the next argument unless that is
  /// missing or is itself an option (starts with `--`).
  ///
  /// - Throws: ``UsageError`` `Missing value for '--name VALUE'`, `Empty value for '--name
  ///   VALUE'` for an empty or all-space value, or
  ///   `'--scenario' is given twice` for a second value of an option in ``oneFile``.
  package mutating func value(for name: String, inline: String?, valueName: String)
    throws(UsageError)
    -> String
  {
    guard !Self.oneFile.contains(name) || given.insert(name).inserted else {
      throw UsageError(
        "'\(name)' is given twice; it names one file, so give it once.", command: command)
    }
    let value: String
    if let inline {
      value = inline
    } else {
      guard let next = remaining.first, afterTerminator || !next.hasPrefix("--") else {
        throw UsageError("Missing value for '\(name) \(valueName)'.", command: command)
      }
      remaining.removeFirst()
      value = next
    }
    guard !value.allSatisfy(\.isWhitespace) else {
      throw UsageError("Empty value for '\(name) \(valueName)'.", command: command)
    }
    return value
  }

  /// A positional file argument (`valueName`, `FILE` or `PATH`): an empty or all-space one
  /// (`workout-sim replay ""`, an unset shell variable) names no file and is a usage error,
  /// `Empty argument for FILE.`, rather than a file that cannot be opened.
  package func file(_ argument: String, valueName: String) throws(UsageError) -> String {
    guard !argument.allSatisfy(\.isWhitespace) else {
      throw UsageError("Empty argument for \(valueName).", command: command)
    }
    return argument
  }

  /// The items of `text`, the comma-separated value of `option` (`--faults`, `--keys`), as
  /// written (spaces kept). An empty item, from a leading, trailing or doubled comma, is
  /// refused rather than skipped or read as a name: `'--faults crash,': empty fault name after
  /// ','; put one comma between two items, for example 'crash,wrist'.`
  /// (docs/command-line.md#lists).
  ///
  /// - Parameters:
  ///   - noun: what one item is (`fault name`).
  ///   - example: a valid value for the message (`crash,wrist`).
  package func listItems(_ text: String, option: String, noun: String, example: String)
    throws(UsageError) -> [String]
  {
    let items = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    if let empty = items.firstIndex(of: "") {
      throw UsageError(
        "'\(option) \(text)': empty \(noun) \(empty == 0 ? "before" : "after") ','; put one comma between two items, for example '\(example)'.",
        command: command)
    }
    return items
  }

  /// Fails if a flag without a value was written `--flag=value`.
  package func rejectValue(_ inline: String?, for name: String) throws(UsageError) {
    if inline != nil {
      throw UsageError("'\(name)' does not take a value.", command: command)
    }
  }

  /// `Unknown option '--sed'.` with a did-you-mean suggestion from `known` where one is close.
  package func unknownOption(_ name: String, known: [String]) -> UsageError {
    var message = "Unknown option '\(name)'."
    if let suggestion = closestName(to: name, among: known) {
      message += " Did you mean '\(suggestion)'?"
    }
    return UsageError(message, command: command)
  }
}

/// Whether `arguments` ask for help (`-h` or `--help` before any `--`).
package func asksForHelp(_ arguments: [String]) -> Bool {
  for argument in arguments {
    if argument == "--" { return false }
    if argument == "-h" || argument == "--help" { return true }
  }
  return false
}
