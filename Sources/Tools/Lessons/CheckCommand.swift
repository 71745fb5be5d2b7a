import Foundation

/// `lessons check`: the exercises it can check, and the check of one.
extension LessonsCommand {
    /// The copy that `check --solution` and `check --patch` build in, kept between runs so that only what a patch
    /// changes is built again.
    static let solutionCopy = ".build/lessons-check/solution"

    func check(_ arguments: [String]) -> CommandResult {
        var arguments = arguments
        let exercises = Exercise.all(in: repository)
        let names = exercises.isEmpty ? "(none yet)" : exercises.map(\.id).joined(separator: ", ")
        var patchOption: (name: String, path: String?)?
        if let option = arguments.first,
            option == "--solution" || option == "--patch" || option == "--start"
        {
            arguments.removeFirst()
            patchOption = (option, nil)
            if option == "--patch" {
                guard let path = arguments.first, !path.hasPrefix("-") else {
                    return usageError("check --patch takes a patch file and an exercise")
                }
                patchOption = (option, arguments.removeFirst())
            }
        }
        if let option = arguments.first(where: { $0.hasPrefix("-") }) {
            return usageError(
                "unknown option '\(printable(option, limit: 40))' for check; "
                    + "the options are --solution, --patch FILE and --start")
        }
        guard let name = arguments.first else {
            if let patchOption {
                let option = patchOption.path == nil ? patchOption.name : "--patch FILE"
                return usageError("check \(option) takes an exercise; the exercises are \(names)")
            }
            return CommandResult(output: list(exercises))
        }
        guard arguments.count == 1 else {
            return usageError("check takes one exercise; the exercises are \(names)")
        }
        guard let exercise = Exercise(name), exercises.contains(exercise) else {
            return usageError(
                "no exercise '\(printable(name, limit: 40))' to check; the exercises are \(names)")
        }
        let lesson = exercise.lessonFile(in: repository) ?? "Lessons/"
        progress("Exercise \(exercise.id) · \(exercise.title(in: repository) ?? "") (\(lesson))\n")
        guard let step = repository.steps().first(where: { $0.number == exercise.lesson }) else {
            return CommandResult(
                errorOutput: "lessons: no step \(exercise.lesson) for exercise \(exercise.id)\n",
                status: 1)
        }
        let check = ExerciseCheck(
            exercise: exercise, stepProduct: step.product, runner: runner,
            environment: environment, testsToUpdate: exercise.namedTestFiles(in: repository))
        let root: String
        var scratchPath: String?
        if let patchOption {
            // An exercise with a starting point: every copy starts there, then takes the patch.
            var patches: [(path: String, shownAs: String)] = []
            if exercise.hasStart(in: repository) {
                patches.append((repository.absolute(exercise.startPatch), exercise.startPatch))
            } else if patchOption.name == "--start" {
                return usageError(
                    "exercise \(exercise.id) starts from today's code: check it without --start")
            }
            if patchOption.name != "--start" {
                patches.append(
                    (
                        patchOption.path.map(absolutePath)
                            ?? repository.absolute(exercise.solutionPatch),
                        patchOption.path.map { printable($0, limit: 120) }
                            ?? exercise.solutionPatch
                    ))
            }
            switch copy(applying: patches) {
            case .failure(let problem):
                return CommandResult(errorOutput: "lessons: \(problem.message)\n", status: 1)
            case .success(let copy):
                root = copy
            }
            progress(
                "Running its tests against a copy with "
                    + patches.map(\.shownAs).joined(separator: " and ") + " applied, in "
                    + "\(Self.solutionCopy)…\n")
        } else {
            root = repository.root
            scratchPath = repository.absolute(ExerciseCheck.workingCopyBuild)
            progress(
                "Running its tests (\(exercise.testsFolder)) against your working copy: "
                    + "\(ExerciseCheck.testCommand(for: exercise))…\n")
        }
        return check.verdict(
            check.report(inPackageAt: root, scratchPath: scratchPath),
            scratchPath: scratchPath.map { _ in ExerciseCheck.workingCopyBuild })
    }

    private func list(_ exercises: [Exercise]) -> String {
        guard !exercises.isEmpty else { return "No exercise can be checked yet.\n" }
        let rows = exercises.map { exercise in
            (
                exercise.id, exercise.title(in: repository) ?? "",
                exercise.lessonFile(in: repository) ?? ""
            )
        }
        let width = rows.map(\.1.count).max() ?? 0
        return "Exercises that `swift run lessons check N.M` checks:\n"
            + rows.map { id, title, lesson in
                "  \(id)  \(title.padding(toLength: width, withPad: " ", startingAt: 0))  \(lesson)\n"
            }.joined()
    }

    struct CheckProblem: Error {
        var message: String
    }

    /// A path as the shell meant it: relative to the directory the tool was started in.
    private func absolutePath(_ path: String) -> String {
        path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    }

    /// Copies the package to `.build/lessons-check/solution` (Package.swift, Sources, Tests, Lessons,
    /// with their times, so an unchanged file is not built again) and applies `patches` in
    /// order: the exercise's starting point if it has one, then the reference solution or an
    /// answer of the learner's own (`git diff > answer.patch`).
    private func copy(applying patches: [(path: String, shownAs: String)]) -> Result<
        String, CheckProblem
    > {
        for (patch, shownPatch) in patches where !FileManager.default.fileExists(atPath: patch) {
            return .failure(CheckProblem(message: "\(shownPatch) is missing"))
        }
        let copy = repository.absolute(Self.solutionCopy)
        do {
            try FileManager.default.createDirectory(
                atPath: copy, withIntermediateDirectories: true)
        } catch {
            return .failure(CheckProblem(message: "cannot make \(Self.solutionCopy): \(error)"))
        }
        for item in ["Package.swift", "Sources", "Tests", "Lessons"] {
            try? FileManager.default.removeItem(atPath: copy + "/" + item)
            let copied = runner.run(
                "cp", ["-R", "-p", repository.absolute(item), copy + "/" + item], in: copy,
                environment: environment)
            guard copied.status == 0 else {
                return .failure(
                    CheckProblem(
                        message: "cannot copy \(item) to \(Self.solutionCopy): "
                            + firstLine(of: copied.text)))
            }
        }
        // The copy is inside the repository's work tree: without a ceiling, git would apply the
        // patch's paths from the repository's root instead of the copy's.
        var environment = environment
        environment["GIT_CEILING_DIRECTORIES"] = repository.absolute(".build")
        var appliedSoFar = "today's code"
        for (patch, shownPatch) in patches {
            let applied = runner.run(
                "git", ["apply", "--whitespace=nowarn", patch], in: copy, environment: environment)
            guard applied.status == 0 else {
                return .failure(
                    CheckProblem(
                        message: "\(shownPatch) does not apply to \(appliedSoFar): "
                            + firstLine(of: applied.text)))
            }
            appliedSoFar = shownPatch
        }
        return .success(copy)
    }

    /// What a program said first, as one printable line.
    private func firstLine(of text: String) -> String {
        let line = text.split(separator: "\n").first { !$0.allSatisfy(\.isWhitespace) } ?? ""
        return printable(line.trimmingCharacters(in: .whitespaces))
    }
}
