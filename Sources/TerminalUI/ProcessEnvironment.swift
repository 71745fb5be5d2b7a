import Foundation

/// The process environment, read in one place.
enum ProcessEnvironment {
    static var current: [String: String] { ProcessInfo.processInfo.environment }
}
