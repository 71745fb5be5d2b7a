import Foundation
import Synchronization

/// Posters kept across runs: one JPEG file per URL in a folder, at most `capacity` bytes
/// together, the least recently used removed first (P6).
///
/// TMDB names a poster by its content, so an entry never goes stale and needs no expiry.
/// Each file is written to a temporary name and renamed into place, so that a reader (or a
/// run that died while writing) never sees half a file under an entry's name; a file that is
/// still not a whole JPEG when read (a full disk, an editor) is removed and fetched again.
public final class DiskCache: Sendable {
    /// The folder the files live in; created on the first write.
    public let folder: URL
    /// The most bytes the files may take together.
    public let capacity: Int

    /// Writes and evictions one at a time: two evictions at once would both count the files
    /// the other is removing.
    private let writing = Mutex(())
    /// The time a use is stamped with; tests give a clock that moves only when they say.
    private let now: @Sendable () -> Date

    public convenience init(folder: URL, capacity: Int = DiskCache.defaultCapacity) {
        self.init(folder: folder, capacity: capacity, now: { Date() })
    }

    package init(folder: URL, capacity: Int, now: @escaping @Sendable () -> Date) {
        self.folder = folder
        self.capacity = max(0, capacity)
        self.now = now
    }

    /// 50 MiB: about 3,000 posters of w185.
    public static let defaultCapacity = 50 * 1_048_576

    /// The folder of the user's caches: `~/Library/Caches/<name>` on macOS, and on Linux
    /// `$XDG_CACHE_HOME/<name>` or `~/.cache/<name>`, as Foundation's `cachesDirectory`
    /// gives them on each platform; nil if the system names none.
    public static func userCacheFolder(named name: String) -> URL? {
        FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask).first?
            .appendingPathComponent(name, isDirectory: true)
    }

    /// The bytes stored for `url`, or nil. A file that is not a whole JPEG is removed. A hit
    /// counts as a use: its file becomes the newest, the last to be evicted.
    public func data(for url: URL) -> Data? {
        let file = fileURL(for: url)
        guard let data = try? Data(contentsOf: file) else { return nil }
        guard Self.isWholeJPEG(data) else {
            removeData(for: url)
            return nil
        }
        markUsed(file)
        return data
    }

    /// Stores `data` for `url` atomically, then removes the least recently used files until
    /// the folder fits `capacity`. Failures (a read-only disk) only mean no cache.
    public func store(_ data: Data, for url: URL) {
        guard data.count <= capacity else { return }
        writing.withLock { _ in
            let manager = FileManager.default
            try? manager.createDirectory(at: folder, withIntermediateDirectories: true)
            let file = fileURL(for: url)
            guard (try? data.write(to: file, options: .atomic)) != nil else { return }
            markUsed(file)
            evictOldest()
        }
    }

    /// Forgets the entry for `url`: its file could not be decoded.
    public func removeData(for url: URL) {
        try? FileManager.default.removeItem(at: fileURL(for: url))
    }

    /// The file that holds `url`'s bytes: a hash of the whole URL (the host, the size and the
    /// path), so that no text from a server chooses a file name.
    public func fileURL(for url: URL) -> URL {
        var hash: UInt64 = 14_695_981_039_346_656_037
        for byte in url.absoluteString.utf8 {
            hash = (hash ^ UInt64(byte)) &* 1_099_511_628_211
        }
        let name = String(hash, radix: 16)
        return folder.appendingPathComponent(
            String(repeating: "0", count: 16 - name.count) + name + ".jpg")
    }

    /// The bytes the entries take together now.
    public var totalSize: Int {
        entries().reduce(0) { $0 + $1.size }
    }

    /// Stamps `file` as the newest: the least recently used is the oldest modification date.
    private func markUsed(_ file: URL) {
        try? FileManager.default.setAttributes([.modificationDate: now()], ofItemAtPath: file.path)
    }

    private struct Entry {
        var url: URL
        var size: Int
        var modified: Date
    }

    private func entries() -> [Entry] {
        let keys: [URLResourceKey] = [.fileSizeKey, .contentModificationDateKey]
        let files =
            (try? FileManager.default.contentsOfDirectory(
                at: folder, includingPropertiesForKeys: keys)) ?? []
        return files.compactMap { file in
            guard file.pathExtension == "jpg",
                let values = try? file.resourceValues(forKeys: Set(keys)),
                let size = values.fileSize
            else { return nil }
            return Entry(
                url: file, size: size, modified: values.contentModificationDate ?? .distantPast)
        }
    }

    private func evictOldest() {
        var entries = entries()
        var total = entries.reduce(0) { $0 + $1.size }
        guard total > capacity else { return }
        entries.sort { $0.modified < $1.modified }
        for entry in entries where total > capacity {
            try? FileManager.default.removeItem(at: entry.url)
            total -= entry.size
        }
    }

    /// Starts with a JPEG's start-of-image marker and ends with its end-of-image marker: a
    /// file cut short (or something else entirely) does not.
    static func isWholeJPEG(_ data: Data) -> Bool {
        data.count >= 4 && data.prefix(2).elementsEqual([0xFF, 0xD8])
            && data.suffix(2).elementsEqual([0xFF, 0xD9])
    }
}
