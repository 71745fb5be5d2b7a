// Every call into the C library the bench makes lives here, so that macOS and Linux differ in
// one short file. posix_spawn, pipe, read, wait4, getrusage and rusage exist on both with the
// same meaning; what differs is the spawn file-actions type, the unit of `ru_maxrss`, the type
// of RUSAGE_SELF and how to read the resident size and the owned memory of the running process.
// DARWIN_SHAPES is set only by .ci/darwin-shapes/check, which type-checks the Darwin branch on
// Linux.
#if canImport(Glibc) && !DARWIN_SHAPES
    import Glibc

    /// Linux: a struct, zeroed here and set up by `posix_spawn_file_actions_init`.
    private typealias FileActions = posix_spawn_file_actions_t

    private func makeFileActions() -> FileActions { posix_spawn_file_actions_t() }

    /// Linux: `ru_maxrss` is in kibibytes (getrusage(2)).
    private let maximumResidentSizeUnit = 1024

    /// Linux: an enum case, `Int32` underneath.
    private let thisProcess = Int32(RUSAGE_SELF.rawValue)
#elseif canImport(Darwin)
    import Darwin

    /// macOS: `void *`, which Swift imports as a non-optional raw pointer; the variable holding
    /// it is optional, nil until `posix_spawn_file_actions_init` allocates the actions.
    private typealias FileActions = posix_spawn_file_actions_t?

    private func makeFileActions() -> FileActions { nil }

    /// macOS: `ru_maxrss` is in bytes (getrusage(2)).
    private let maximumResidentSizeUnit = 1

    /// macOS: a plain `int` macro.
    private let thisProcess = RUSAGE_SELF

    /// The task port, trapped once: `mach_task_self_` is a global var Swift 6 rejects in older SDKs.
    private let currentTask: mach_port_t = task_self_trap()
#endif

/// What a finished child process did.
struct ChildProcessResult {
    /// The exit status, or 128 + the signal's number when it was killed.
    var status: Int32
    /// From just before the spawn to the return of `wait4`.
    var wallTime: Duration
    /// The child's peak resident set size, from its own rusage.
    var maximumResidentBytes: Int
    /// The processor time the child used, user and system, from its own rusage.
    var processorTime: Duration
    /// Everything it wrote to standard output.
    var output: [UInt8]
}

/// The C library calls the bench needs, in one place (see the file comment).
enum Platform {
    /// Runs `path` with `arguments` and `environment`, standard input from /dev/null, standard
    /// output into a pipe, standard error discarded; waits for it and reads its own rusage.
    static func run(_ path: String, arguments: [String], environment: [String: String])
        -> ChildProcessResult?
    {
        var descriptors: [Int32] = [-1, -1]
        guard pipe(&descriptors) == 0 else { return nil }
        let (readEnd, writeEnd) = (descriptors[0], descriptors[1])
        var actions = makeFileActions()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, writeEnd, 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addclose(&actions, readEnd)
        posix_spawn_file_actions_addclose(&actions, writeEnd)

        let argumentVector = ([path] + arguments).map { strdup($0) } + [nil]
        let environmentVector =
            environment.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argumentVector + environmentVector { free(pointer) }
        }

        let clock = ContinuousClock()
        let start = clock.now
        var pid: pid_t = 0
        let spawnError = posix_spawn(
            &pid, path, &actions, nil, argumentVector, environmentVector)
        close(writeEnd)
        guard spawnError == 0 else {
            close(readEnd)
            return nil
        }

        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(readEnd, $0.baseAddress, $0.count) }
            if count > 0 {
                output += buffer[0..<count]
            } else if count == 0 || errno != EINTR {
                break
            }
        }
        close(readEnd)

        var waitStatus: Int32 = 0
        var usage = rusage()
        while wait4(pid, &waitStatus, 0, &usage) < 0 {
            guard errno == EINTR else { return nil }
        }
        let wallTime = start.duration(to: clock.now)
        // The wait status layout (signal in the low 7 bits, exit code above) is shared by both.
        let signal = waitStatus & 0x7F
        let status = signal == 0 ? (waitStatus >> 8) & 0xFF : 128 + signal
        return ChildProcessResult(
            status: status, wallTime: wallTime,
            maximumResidentBytes: Int(usage.ru_maxrss) * maximumResidentSizeUnit,
            processorTime: processorTime(of: usage), output: output)
    }

    /// The processor time this process has used so far, user and system.
    static func ownProcessorTime() -> Duration? {
        var usage = rusage()
        guard getrusage(thisProcess, &usage) == 0 else { return nil }
        return processorTime(of: usage)
    }

    private static func processorTime(of usage: rusage) -> Duration {
        func duration(_ time: timeval) -> Duration {
            .seconds(Int64(time.tv_sec)) + .microseconds(Int64(time.tv_usec))
        }
        return duration(usage.ru_utime) + duration(usage.ru_stime)
    }

    /// The part of a spawned child's max RSS that may be the bench's, not the child's.
    ///
    /// Linux: posix_spawn runs the child in the bench's memory until exec, and exec keeps that
    /// memory's high-water mark (VmHWM) in the child's `ru_maxrss`. macOS spawns a fresh task.
    static func peakResidentBytesInheritedBySpawn() -> Int {
        #if canImport(Glibc) && !DARWIN_SHAPES
            guard let status = readFile("/proc/self/status") else { return 0 }
            for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
                let kibibytes = line.split(separator: " ").dropFirst().first.flatMap { Int($0) }
                return (kibibytes ?? 0) * 1024
            }
            return 0
        #elseif canImport(Darwin)
            return 0
        #endif
    }

    /// The resident set size of this process right now, in bytes.
    static func residentBytes() -> Int? {
        #if canImport(Glibc) && !DARWIN_SHAPES
            // /proc/self/statm: size resident shared text lib data dt, in pages.
            guard let statm = readFile("/proc/self/statm") else { return nil }
            let fields = statm.split(separator: " ")
            guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
            return pages * sysconf(Int32(_SC_PAGESIZE))
        #elseif canImport(Darwin)
            var info = mach_task_basic_info()
            var count = mach_msg_type_number_t(
                MemoryLayout<mach_task_basic_info>.size / MemoryLayout<natural_t>.size)
            let result = withUnsafeMutablePointer(to: &info) {
                $0.withMemoryRebound(to: integer_t.self, capacity: Int(count)) {
                    task_info(currentTask, task_flavor_t(MACH_TASK_BASIC_INFO), $0, &count)
                }
            }
            return result == KERN_SUCCESS ? Int(info.resident_size) : nil
        #endif
    }

    /// Writes every modified file page to disk. A binary just linked has pages the page cache
    /// has not written yet, and on Linux a mapped page that is dirty in the cache counts as
    /// Private_Dirty of the process mapping it: without this, the bench run right after
    /// `swift build` would count a megabyte of its own binary as memory the app owns.
    static func flushFileWrites() {
        sync()
    }

    /// How `ownedMemory()` measures, for the report's legend.
    static var ownedMemoryName: String {
        #if canImport(Glibc) && !DARWIN_SHAPES
            "Private_Dirty + Swap of /proc/self/smaps_rollup"
        #elseif canImport(Darwin)
            "phys_footprint of task_info(TASK_VM_INFO)"
        #endif
    }

    /// The memory this process owns right now: the pages it wrote, which no other process
    /// shares and the system cannot drop. Linux: Private_Dirty + Swap of
    /// /proc/self/smaps_rollup, split with /proc/self/smaps into anonymous mappings (the heap,
    /// malloc's arenas, stacks) and the written data of the binary and its libraries; macOS:
    /// `phys_footprint`, what Activity Monitor shows as Memory, which counts the same pages.
    ///
    /// Clean file pages (code, read-only data) are left out on both: the page cache holds them
    /// for every process that maps the file, and Linux's Private_Clean counts one only while no
    /// other process maps it, so the same run counts anything from 1 to 30 MiB of it, after
    /// what else runs. Linux reports it as uncounted.
    static func ownedMemory() -> Result<OwnedMemory, PlatformProblem> {
        #if canImport(Glibc) && !DARWIN_SHAPES
            // The totals first, from the short rollup, before reading the long smaps file
            // allocates anything; smaps then splits off the file mappings' written pages,
            // which reading it does not change.
            let rollupPath = "/proc/self/smaps_rollup"
            guard let rollup = readFile(rollupPath) else {
                return .failure(
                    PlatformProblem(
                        message: "cannot read \(rollupPath) (it needs Linux 4.14 or later)"))
            }
            guard let dirty = kibibytes("Private_Dirty", in: rollup),
                let clean = kibibytes("Private_Clean", in: rollup),
                let swap = kibibytes("Swap", in: rollup)
            else {
                return .failure(
                    PlatformProblem(
                        message:
                            "\(rollupPath) has no Private_Dirty, Private_Clean and Swap lines in kB"
                    ))
            }
            let path = "/proc/self/smaps"
            guard let smaps = readFile(path) else {
                return .failure(PlatformProblem(message: "cannot read \(path)"))
            }
            var fileDirty = 0
            var isFileMapping = false
            for line in smaps.split(separator: "\n") {
                let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
                guard let name = fields.first else { continue }
                if !name.hasSuffix(":") {
                    // "start-end perms offset dev inode [path]": a mapping, and what follows
                    // is about it. An inode of 0 is anonymous memory.
                    isFileMapping = fields.count >= 5 && fields[4] != "0"
                } else if isFileMapping, name == "Private_Dirty:", fields.count == 3,
                    fields[2] == "kB", let kibibytes = Int(fields[1])
                {
                    fileDirty += kibibytes
                }
            }
            let fileData = min(fileDirty, dirty)
            return .success(
                OwnedMemory(
                    bytes: (dirty + swap) * 1024,
                    parts: [
                        ("anonymous", (dirty - fileData) * 1024), ("file-data", fileData * 1024),
                        ("swap", swap * 1024),
                    ],
                    uncounted: [("Private_Clean", clean * 1024)]))
        #elseif canImport(Darwin)
            var info = task_vm_info_data_t()
            let wordSize = MemoryLayout<natural_t>.size
            // TASK_VM_INFO_COUNT, a sizeof expression that Swift cannot import.
            var count = mach_msg_type_number_t(MemoryLayout<task_vm_info_data_t>.size / wordSize)
            let result = withUnsafeMutablePointer(to: &info) {
                $0.withMemoryRebound(to: integer_t.self, capacity: Int(count)) {
                    task_info(currentTask, task_flavor_t(TASK_VM_INFO), $0, &count)
                }
            }
            guard result == KERN_SUCCESS else {
                return .failure(
                    PlatformProblem(message: "task_info(TASK_VM_INFO) failed with \(result)"))
            }
            // The kernel fills in as much of the struct as it knows; phys_footprint came in
            // its first revision, so a kernel that returns less has none.
            guard let offset = MemoryLayout<task_vm_info_data_t>.offset(of: \.phys_footprint),
                Int(count) * wordSize >= offset + MemoryLayout<mach_vm_size_t>.size
            else {
                return .failure(
                    PlatformProblem(message: "task_info(TASK_VM_INFO) returned no phys_footprint"))
            }
            return .success(
                OwnedMemory(
                    bytes: Int(info.phys_footprint),
                    parts: [("phys_footprint", Int(info.phys_footprint))], uncounted: []))
        #endif
    }

    #if canImport(Glibc) && !DARWIN_SHAPES
        /// A /proc file as text, read to its end.
        private static func readFile(_ path: String) -> String? {
            let descriptor = open(path, O_RDONLY)
            guard descriptor >= 0 else { return nil }
            defer { close(descriptor) }
            var contents: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 8_192)
            while contents.count < 16_777_216 {
                let count = buffer.withUnsafeMutableBytes {
                    read(descriptor, $0.baseAddress, $0.count)
                }
                if count > 0 {
                    contents += buffer[0..<count]
                } else if count == 0 || errno != EINTR {
                    break
                }
            }
            return contents.isEmpty ? nil : String(decoding: contents, as: UTF8.self)
        }

        /// The value of a "Name:   1234 kB" line of a /proc file; nil when it is missing or
        /// in another unit.
        private static func kibibytes(_ name: String, in text: String) -> Int? {
            for line in text.split(separator: "\n") {
                let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
                guard fields.count == 3, fields[0] == "\(name):" else { continue }
                return fields[2] == "kB" ? Int(fields[1]) : nil
            }
            return nil
        }
    #endif
}

/// Memory a process owns, with the figures it is the sum of.
struct OwnedMemory {
    var bytes: Int
    /// Each figure `bytes` is the sum of, in bytes.
    var parts: [(name: String, bytes: Int)]
    /// What the figure leaves out, for the report.
    var uncounted: [(name: String, bytes: Int)]
}

/// A system figure that could not be read, said in one line.
struct PlatformProblem: Error {
    var message: String
}
