// DARWIN_SHAPES: set only by .ci/darwin-shapes/check, which type-checks the Darwin branch.
#if canImport(Glibc) && !DARWIN_SHAPES
    import Glibc
    import Synchronization
#elseif canImport(Darwin)
    import Darwin
#endif

/// Tells whether the caller runs on the main thread, where the main actor runs, so that a
/// disposal made there can release its subscription at once instead of a turn later.
enum MainThread {
    #if canImport(Glibc) && !DARWIN_SHAPES
        /// Glibc has no `pthread_main_np`; the main thread is noted the first time main-actor
        /// code creates a disposable, which happens before anything can be disposed.
        private static let mainThread = Atomic<UInt>(0)

        @MainActor static func note() {
            let current = UInt(pthread_self())
            if mainThread.load(ordering: .relaxed) != current {
                mainThread.store(current, ordering: .relaxed)
            }
        }

        static var isCurrent: Bool {
            let main = mainThread.load(ordering: .relaxed)
            return main != 0 && pthread_equal(pthread_self(), pthread_t(main)) != 0
        }
    #elseif canImport(Darwin)
        /// Nothing to note: Darwin answers the question itself.
        static func note() {}

        static var isCurrent: Bool { pthread_main_np() != 0 }
    #endif
}
