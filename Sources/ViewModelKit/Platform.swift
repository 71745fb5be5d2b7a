#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
    import Synchronization
#endif

/// Tells whether the caller runs on the main thread, where the main actor runs, so that a
/// disposal made there can release its subscription at once instead of a turn later.
enum MainThread {
    #if canImport(Darwin)
        /// Nothing to note: Darwin answers the question itself.
        static func note() {}

        static var isCurrent: Bool { pthread_main_np() != 0 }
    #elseif canImport(Glibc)
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
    #endif
}
