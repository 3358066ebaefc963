import BijouxAssets
import BijouxCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The command line's name for the tool in usage lines and messages.
let tool = "bijoux-assets"
let version = ToolIdentity.version

let commands: [CommandSpec] = [
    buildCommand, charmCommand, watchCommand, checkCommand, appAssetsCommand, stringsCommand, keyCommand, diffCommand,
]

func printError(_ line: String) {
    let bytes = Array((line + "\n").utf8)
    _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
}

@MainActor func toolHelp() -> String {
    var text = """
        OVERVIEW: The asset pipeline of Bijoux: keys painted charms, rasterises drawn icons,
        renders the app icon and generates the charm table, from the art folder.

        USAGE: \(tool) <command> [options]

        COMMANDS:

        """
    for command in commands { text += row(command.name, command.abstract) }
    text += "\nOPTIONS:\n" + row("--version", "Show the version.") + row("-h, --help", "Show help information.")
    text += "\nSee '\(tool) <command> --help' for a command's options.\n"
    return text
}

/// The command-line front end, `bijoux-assets`: parses arguments, calls the engine through
/// the library's `package` surface, prints.
enum CommandLineTool {
    /// Runs the command line `arguments` (without the executable's name) and gives the
    /// exit status.
    @MainActor static func main(_ arguments: [String]) -> Int32 {
        BuildEngine.configureProcess()
        return run(arguments)
    }
}

@MainActor private func run(_ arguments: [String]) -> Int32 {
    guard let first = arguments.first else {
        print(toolHelp(), terminator: "")
        return 0
    }
    if first == "--help" || first == "-h" || first == "help" {
        if arguments.count > 1, let command = commands.first(where: { $0.name == arguments[1] }) {
            print(command.help(tool: tool), terminator: "")
        } else {
            print(toolHelp(), terminator: "")
        }
        return 0
    }
    if first == "--version" {
        print(version)
        return 0
    }
    guard let command = commands.first(where: { $0.name == first }) else {
        let kind = first.hasPrefix("-") ? "unknown option" : "unknown command"
        printError("error: \(kind) '\(first)'. See '\(tool) --help'.")
        return 2
    }
    do {
        guard let parsed = try ArgumentParser.parse(Array(arguments.dropFirst()), for: command) else {
            print(command.help(tool: tool), terminator: "")
            return 0
        }
        return try command.run(parsed)
    } catch let error as UsageError {
        printError("error: \(error.message). See '\(tool) \(error.command ?? command.name) --help'.")
        return 2
    } catch let error as any UserFacingError {
        for diagnostic in error.diagnostics { printError(diagnostic.line(.error)) }
        return 1
    } catch {
        printError("error: \(error)")
        return 1
    }
}
