/// An exercise that the tool can check: `3.2` is the second exercise of lesson 03.
///
/// Its tests are in `Lessons/exercises/3.2/`, and a reference solution, as a patch to today's
/// code, in `Lessons/solutions/3.2.patch`. The tests become a target (`ExerciseTests`) only
/// while `lessons check` runs them, so that an unsolved exercise never turns `swift test` red.
struct Exercise: Equatable, Sendable, Comparable {
    let lesson: Int
    let number: Int

    /// `3.2`: what a learner types.
    var id: String { "\(lesson).\(number)" }
    /// The exercise's tests, built against the working copy.
    var testsFolder: String { "Lessons/exercises/\(id)" }
    /// The reference solution: a patch that `git apply` applies to today's code, or to the
    /// exercise's starting point when it has one.
    var solutionPatch: String { "Lessons/solutions/\(id).patch" }
    /// Where the exercise starts when not from today's code: a patch the learner applies
    /// first (an exercise that shows a bug before its fix takes the fix out).
    var startPatch: String { "Lessons/starts/\(id).patch" }

    /// Whether the exercise starts from `startPatch` rather than from today's code.
    func hasStart(in repository: Repository) -> Bool {
        repository.text(at: startPatch) != nil
    }

    /// `3.2`, `03.2`; nil for anything else.
    init?(_ text: String) {
        guard let match = text.wholeMatch(of: #/0?(?<lesson>[1-9])\.(?<number>[1-9])/#),
            let lesson = Int(match.output.lesson), let number = Int(match.output.number)
        else { return nil }
        self.init(lesson: lesson, number: number)
    }

    init(lesson: Int, number: Int) {
        self.lesson = lesson
        self.number = number
    }

    static func < (lhs: Exercise, rhs: Exercise) -> Bool {
        (lhs.lesson, lhs.number) < (rhs.lesson, rhs.number)
    }

    /// Every exercise with tests in the repository, in lesson order.
    static func all(in repository: Repository) -> [Exercise] {
        let folders = Set(
            repository.files(under: "Lessons/exercises").compactMap { path in
                path.split(separator: "/").first.map(String.init)
            })
        return folders.compactMap(Exercise.init).sorted()
    }

    /// The lesson that sets it, `Lessons/03-MVVM-IO.md`.
    func lessonFile(in repository: Repository) -> String? {
        repository.steps().first { $0.number == lesson }.flatMap(repository.lessonFile(for:))
    }

    /// The step's own test files the exercise's text names (`Tests/MVVMTests/…swift`): the
    /// tests it asks the learner to update when a shape changes.
    func namedTestFiles(in repository: Repository) -> [String] {
        guard let text = text(in: repository) else { return [] }
        var files: [String] = []
        for match in text.matches(of: #/`(?<file>Tests/[^`:\s]+\.swift)(?::[\d-]+)?`/#) {
            let file = String(match.output.file)
            if !files.contains(file) { files.append(file) }
        }
        return files
    }

    /// Item `number` of the lesson's "## Exercises" list, up to the next item.
    func text(in repository: Repository) -> String? {
        guard let lessonFile = lessonFile(in: repository),
            let text = repository.text(at: lessonFile)
        else { return nil }
        var isInExercises = false
        var item: [Substring]?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("## ") {
                if item != nil { break }
                isInExercises = line.trimmingWhitespace() == "## Exercises"
                continue
            }
            guard isInExercises else { continue }
            if let match = line.firstMatch(of: #/^(?<number>\d+)\. /#) {
                if item != nil { break }
                if Int(match.output.number) == number { item = [] }
            }
            item?.append(line)
        }
        return item?.joined(separator: "\n")
    }

    /// "A debounced reload": the bold words that open item `number` of the lesson's
    /// "## Exercises" list.
    func title(in repository: Repository) -> String? {
        guard let lessonFile = lessonFile(in: repository),
            let text = repository.text(at: lessonFile)
        else { return nil }
        var isInExercises = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("## ") {
                isInExercises = line.trimmingWhitespace() == "## Exercises"
                continue
            }
            guard isInExercises,
                let match = line.wholeMatch(of: #/(?<number>\d+)\. \*\*(?<title>[^*]+)\*\*.*/#),
                Int(match.output.number) == number
            else { continue }
            var title = String(match.output.title).trimmingWhitespace()
            if title.hasSuffix(".") { title.removeLast() }
            return title
        }
        return nil
    }
}
