import Testing

@testable import Lessons

/// Finding the package root walks up from the current directory, and the walk always ends.
@Suite struct RepositoryTests {
    @Test(
        "the walk up visits the directory, then each parent, and ends at the root",
        arguments: [
            ("/", ["/"]),
            ("/work", ["/work", "/"]),
            ("/work/package/Sources", ["/work/package/Sources", "/work/package", "/work", "/"]),
            ("/work//package/", ["/work/package", "/work", "/"]),
        ])
    func walkUpEndsAtTheRoot(path: String, expected: [String]) {
        #expect(Repository.selfAndAncestors(of: path) == expected)
    }

    @Test func aDirectoryOutsideAnyPackageFallsBackToTheSourceFile() {
        #expect(
            Repository.locate(
                currentDirectory: "/", sourceFile: "/nowhere/Sources/Tools/Lessons/X.swift")
                == nil)
    }
}
