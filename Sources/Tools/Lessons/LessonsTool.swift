import Foundation

/// `swift run lessons`: finds the repository, runs the command, prints, exits with its status.
@main
enum LessonsTool {
    static func main() {
        guard
            let repository = Repository.locate(
                currentDirectory: FileManager.default.currentDirectoryPath)
        else {
            FileHandle.standardError.write(
                Data(
                    "lessons: cannot find the package (Package.swift and Sources/); run it inside the repository\n"
                        .utf8))
            exit(1)
        }
        var command = LessonsCommand(
            repository: repository, environment: ProcessInfo.processInfo.environment,
            isTerminal: StandardOutput.isTerminal, terminalWidth: StandardOutput.width)
        command.progress = { text in FileHandle.standardOutput.write(Data(text.utf8)) }
        let result = command.run(Array(CommandLine.arguments.dropFirst()))
        let pager =
            result.isPaged
            ? Pager.choose(
                environment: ProcessInfo.processInfo.environment,
                isTerminal: StandardOutput.isTerminal) : nil
        if pager?.page(result.output) != true {
            FileHandle.standardOutput.write(Data(result.output.utf8))
        }
        FileHandle.standardError.write(Data(result.errorOutput.utf8))
        exit(result.status)
    }
}
