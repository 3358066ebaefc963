/// A small command-line parser in the manner of swift-argument-parser (which cannot
/// be fetched here): subcommands with options, flags and positional arguments,
/// `--help` on every command, and a one-line error with exit status 2 for misuse.
struct CommandSpec: Sendable {
    struct Option: Sendable {
        /// Long name with dashes, e.g. "--art".
        var name: String
        /// Placeholder for the value ("DIR"), or nil for a flag.
        var valueName: String?
        var help: String
    }

    struct Positional: Sendable {
        var name: String
        var help: String
        var optional = false
    }

    var name: String
    var abstract: String
    var positionals: [Positional] = []
    var options: [Option] = []
    /// Extra paragraphs for --help.
    var discussion: String = ""
    var run: @Sendable (ParsedArguments) throws -> Int32

    func usage(tool: String) -> String {
        var parts = [tool, name]
        parts += positionals.map { $0.optional ? "[<\($0.name)>]" : "<\($0.name)>" }
        parts += options.map { "[\($0.name)\($0.valueName.map { " <\($0)>" } ?? "")]" }
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
            text += row(option.name + (option.valueName.map { " <\($0)>" } ?? ""), option.help)
        }
        text += row("-h, --help", "Show help information.")
        if !discussion.isEmpty { text += "\n" + discussion + "\n" }
        return text
    }
}

func row(_ left: String, _ right: String) -> String {
    let pad = max(1, 26 - left.count)
    return "  " + left + String(repeating: " ", count: pad) + right + "\n"
}

/// A misuse of the command line: printed as one line, exit status 2.
struct UsageError: Error {
    var message: String
    var command: String?
}

/// Arguments after parsing, by option name and in positional order.
struct ParsedArguments {
    var values: [String: String] = [:]
    var flags: Set<String> = []
    var positionals: [String] = []

    func value(_ name: String) -> String? { values[name] }
    func has(_ flag: String) -> Bool { flags.contains(flag) }

    func integer(_ name: String, in range: ClosedRange<Int>) throws -> Int? {
        guard let text = values[name] else { return nil }
        guard let number = Int(text), range.contains(number) else {
            throw UsageError(message: "\(name) expects a whole number from \(range.lowerBound) to \(range.upperBound), got '\(text)'")
        }
        return number
    }

    func double(_ name: String) throws -> Double? {
        guard let text = values[name] else { return nil }
        guard let number = Double(text), number.isFinite else {
            throw UsageError(message: "\(name) expects a number, got '\(text)'")
        }
        return number
    }
}

enum ArgumentParser {
    /// Parses the arguments after the command name. Returns nil when --help was asked for.
    static func parse(_ arguments: [String], for spec: CommandSpec) throws -> ParsedArguments? {
        var parsed = ParsedArguments()
        var index = 0
        var onlyPositionals = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if onlyPositionals || !argument.hasPrefix("-") || argument == "-" {
                parsed.positionals.append(argument)
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
                throw UsageError(message: "unknown option '\(name)'", command: spec.name)
            }
            if option.valueName == nil {
                if inlineValue != nil { throw UsageError(message: "\(name) takes no value", command: spec.name) }
                parsed.flags.insert(name)
            } else if let inlineValue {
                parsed.values[name] = inlineValue
            } else {
                guard index < arguments.count else {
                    throw UsageError(message: "\(name) needs a value <\(option.valueName!)>", command: spec.name)
                }
                parsed.values[name] = arguments[index]
                index += 1
            }
        }
        let required = spec.positionals.filter { !$0.optional }.count
        if parsed.positionals.count < required {
            let missing = spec.positionals[parsed.positionals.count]
            throw UsageError(message: "missing argument <\(missing.name)>", command: spec.name)
        }
        if parsed.positionals.count > spec.positionals.count {
            throw UsageError(message: "unexpected argument '\(parsed.positionals[spec.positionals.count])'", command: spec.name)
        }
        return parsed
    }
}
