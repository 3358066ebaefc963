import BijouxAssets
import BijouxCore

/// A small, typed command-line parser in the manner of swift-argument-parser (which
/// cannot be fetched here). Each option is declared once, as a typed value
/// (`Option<Int>`, `Flag`, `Positional`) that carries its name, help and how its text
/// becomes a value; a command reads its arguments back through those same values
/// (`arguments[jobsOption]` is an `Int`, never optional: every option has a typed default,
/// `nil` for one of optional type), never by spelling a name again. `--help` works
/// on every command, and misuse is one line with exit status 2.

/// A misuse of the command line: printed as one line, exit status 2.
struct UsageError: Error {
    var message: String
    var command: String?
}

/// What every option and flag shares, for parsing and help.
protocol CommandOption: Sendable {
    /// Long name with dashes, e.g. "--art".
    var name: String { get }
    /// Placeholder for the value ("DIR"), or nil for a flag.
    var valueName: String? { get }
    var help: String { get }
    /// The option's text as its typed value, or a usage error saying what it expects.
    func convert(_ text: String) throws(UsageError) -> any Sendable
    /// Whether the value may be left out (`--serve` or `--serve 8080`): then the
    /// option counts as given and reads as its default.
    var valueIsOptional: Bool { get }
}

extension CommandOption {
    var valueIsOptional: Bool { false }
}

/// An option that takes a value: `--jobs 4`, `--art=DIR`.
struct Option<Value: Sendable>: CommandOption {
    let name: String
    let valueName: String?
    let help: String
    /// Used when the option is absent.
    let defaultValue: Value
    /// What a valid value looks like, for the error: "a whole number from 1 to 256".
    let expectation: String
    let parse: @Sendable (String) -> Value?
    var valueIsOptional = false

    func convert(_ text: String) throws(UsageError) -> any Sendable {
        guard let value = parse(text) else {
            throw UsageError(message: "\(name) expects \(expectation), got '\(text)'")
        }
        return value
    }
}

extension Option where Value == String {
    static func text(_ name: String, _ valueName: String, default defaultValue: String, help: String) -> Self {
        Option(
            name: name, valueName: valueName, help: help + " (default: \(defaultValue))", defaultValue: defaultValue, expectation: "a value",
            parse: { $0 })
    }
}

extension Option where Value == String? {
    /// An option whose absence means none (`--report DIR`).
    static func text(_ name: String, _ valueName: String, help: String) -> Self {
        Option(name: name, valueName: valueName, help: help, defaultValue: nil, expectation: "a value", parse: { .some($0) })
    }
}

extension Option where Value == Int {
    /// `default` is the value when the option is absent (`help` says it in words); with
    /// `valueIsOptional` the value may be left out too, meaning the same.
    static func integer(
        _ name: String, _ valueName: String, in range: ClosedRange<Int>, default defaultValue: Int, valueIsOptional: Bool = false, help: String
    ) -> Self {
        Option(
            name: name, valueName: valueName, help: help, defaultValue: defaultValue,
            expectation: "a whole number from \(range.lowerBound) to \(range.upperBound)",
            parse: { Int($0).flatMap { range.contains($0) ? $0 : nil } }, valueIsOptional: valueIsOptional)
    }
}

/// An option without a value: `--strict`.
struct Flag: CommandOption {
    let name: String
    let help: String
    var valueName: String? { nil }

    init(_ name: String, help: String) {
        self.name = name
        self.help = help
    }

    func convert(_ text: String) throws(UsageError) -> any Sendable {
        throw UsageError(message: "\(name) takes no value")
    }
}

/// A positional argument: `<in.png>`.
struct Positional: Sendable {
    let name: String
    let help: String
}

struct CommandSpec: Sendable {
    var name: String
    var abstract: String
    var positionals: [Positional] = []
    var options: [any CommandOption] = []
    /// Extra paragraphs for --help.
    var discussion: String = ""
    var run: @Sendable (ParsedArguments) throws -> Int32

    func usage(tool: String) -> String {
        var parts = [tool, name]
        parts += positionals.map { "<\($0.name)>" }
        parts += options.map { option in
            let value = option.valueName.map { option.valueIsOptional ? " [<\($0)>]" : " <\($0)>" } ?? ""
            return "[\(option.name)\(value)]"
        }
        return parts.joined(separator: " ")
    }

    func help(tool: String) -> String {
        var text = "OVERVIEW: \(abstract)\n\nUSAGE: \(usage(tool: tool))\n"
        if !positionals.isEmpty {
            text += "\nARGUMENTS:\n"
            for positional in positionals { text += row("<\(positional.name)>", positional.help) }
        }
        text += "\nOPTIONS:\n"
        for option in options {
            text += row(option.name + (option.valueName.map { option.valueIsOptional ? " [<\($0)>]" : " <\($0)>" } ?? ""), option.help)
        }
        text += row("-h, --help", "Show help information.")
        if !discussion.isEmpty { text += "\n" + discussion + "\n" }
        return text
    }
}

/// One line of a help table: the name padded to a column, then the text.
func row(_ left: String, _ right: String) -> String {
    let pad = max(1, 26 - left.count)
    return "  " + left + String(repeating: " ", count: pad) + right + "\n"
}

/// Arguments after parsing, read back through the declarations that parsed them.
struct ParsedArguments {
    fileprivate var values: [String: any Sendable] = [:]
    fileprivate var flags: Set<String> = []
    fileprivate var positionals: [String: String] = [:]

    /// The option's value, or its default. The value was made by the option's own
    /// `convert`, so it is always a `Value`.
    subscript<Value>(_ option: Option<Value>) -> Value {
        (values[option.name] as? Value) ?? option.defaultValue
    }

    /// Whether the option was given at all (its default does not count).
    func given<Value>(_ option: Option<Value>) -> Bool { values[option.name] != nil || flags.contains(option.name) }

    subscript(_ flag: Flag) -> Bool { flags.contains(flag.name) }

    /// Every declared positional is required: parsing fails without it, so it is never
    /// the empty default.
    subscript(_ positional: Positional) -> String { positionals[positional.name] ?? "" }
}

enum ArgumentParser {
    /// Parses the arguments after the command name. Returns nil when --help was asked for.
    static func parse(_ arguments: [String], for spec: CommandSpec) throws(UsageError) -> ParsedArguments? {
        var parsed = ParsedArguments()
        var positionals: [String] = []
        var index = 0
        var onlyPositionals = false
        do throws(UsageError) {
            while index < arguments.count {
                let argument = arguments[index]
                index += 1
                if onlyPositionals || !argument.hasPrefix("-") || argument == "-" {
                    positionals.append(argument)
                    continue
                }
                if argument == "--" { onlyPositionals = true; continue }
                if argument == "--help" || argument == "-h" { return nil }
                var name = argument
                var inlineValue: String?
                if let equals = argument.firstIndex(of: "=") {
                    name = String(argument[..<equals])
                    inlineValue = String(argument[argument.index(after: equals)...])
                }
                guard let option = spec.options.first(where: { $0.name == name }) else {
                    throw UsageError(message: "unknown option '\(name)'")
                }
                guard let valueName = option.valueName else {
                    if let inlineValue { _ = try option.convert(inlineValue) }
                    parsed.flags.insert(name)
                    continue
                }
                let text: String
                if let inlineValue {
                    text = inlineValue
                } else if option.valueIsOptional {
                    // The next argument is the value only when it is one.
                    if index < arguments.count, !arguments[index].hasPrefix("-"), (try? option.convert(arguments[index])) != nil {
                        text = arguments[index]
                        index += 1
                    } else {
                        parsed.flags.insert(name)
                        continue
                    }
                } else {
                    guard index < arguments.count else { throw UsageError(message: "\(name) needs a value <\(valueName)>") }
                    text = arguments[index]
                    index += 1
                }
                parsed.values[name] = try option.convert(text)
            }
            if positionals.count < spec.positionals.count {
                throw UsageError(message: "missing argument <\(spec.positionals[positionals.count].name)>")
            }
            if positionals.count > spec.positionals.count {
                throw UsageError(message: "unexpected argument '\(positionals[spec.positionals.count])'")
            }
        } catch {
            throw UsageError(message: error.message, command: spec.name)
        }
        for (declared, value) in zip(spec.positionals, positionals) { parsed.positionals[declared.name] = value }
        return parsed
    }
}
