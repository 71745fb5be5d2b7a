/// A cache bounded by the bytes its values cost, evicting the least recently used first,
/// exactly (P6). `NSCache` evicts when and what it likes, and on Linux not in order.
///
/// A dictionary finds an entry; a doubly linked list, kept in an array by index, orders them
/// from the most to the least recently used, so that a hit, an insert and an eviction each
/// take constant time. A value type: the pipeline keeps it behind its lock.
struct MemoryCache<Key: Hashable, Value> {
    private struct Node {
        var key: Key
        var value: Value
        var cost: Int
        var newer: Int?
        var older: Int?
    }

    /// The most bytes the values may cost together.
    let capacity: Int
    /// What the values cost together now, never above `capacity`.
    private(set) var totalCost = 0

    private var nodes: [Node?] = []
    private var freeSlots: [Int] = []
    private var slots: [Key: Int] = [:]
    private var newest: Int?
    private var oldest: Int?

    init(capacity: Int) {
        self.capacity = max(0, capacity)
    }

    var count: Int { slots.count }

    /// The value for `key`, which becomes the most recently used.
    mutating func value(forKey key: Key) -> Value? {
        guard let slot = slots[key], let node = nodes[slot] else { return nil }
        unlink(slot)
        linkAsNewest(slot)
        return node.value
    }

    /// The value for `key`, leaving the order as it is.
    func peek(_ key: Key) -> Value? {
        slots[key].flatMap { nodes[$0]?.value }
    }

    /// Stores `value` as the most recently used, then evicts the least recently used until
    /// the total fits. A value that alone costs more than the capacity is not kept.
    mutating func insert(_ value: Value, forKey key: Key, cost: Int) {
        removeValue(forKey: key)
        guard cost <= capacity else { return }
        let node = Node(key: key, value: value, cost: cost, newer: nil, older: nil)
        let slot: Int
        if let free = freeSlots.popLast() {
            slot = free
            nodes[slot] = node
        } else {
            slot = nodes.count
            nodes.append(node)
        }
        slots[key] = slot
        linkAsNewest(slot)
        totalCost += cost
        while totalCost > capacity, let oldest, let key = nodes[oldest]?.key {
            removeValue(forKey: key)
        }
    }

    mutating func removeValue(forKey key: Key) {
        guard let slot = slots.removeValue(forKey: key), let node = nodes[slot] else { return }
        unlink(slot)
        totalCost -= node.cost
        nodes[slot] = nil
        freeSlots.append(slot)
    }

    /// The keys from the most to the least recently used.
    var keysByRecentUse: [Key] {
        var keys: [Key] = []
        var slot = newest
        while let current = slot, let node = nodes[current] {
            keys.append(node.key)
            slot = node.older
        }
        return keys
    }

    private mutating func unlink(_ slot: Int) {
        guard let node = nodes[slot] else { return }
        if let newer = node.newer {
            nodes[newer]?.older = node.older
        } else {
            newest = node.older
        }
        if let older = node.older {
            nodes[older]?.newer = node.newer
        } else {
            oldest = node.newer
        }
        nodes[slot]?.newer = nil
        nodes[slot]?.older = nil
    }

    private mutating func linkAsNewest(_ slot: Int) {
        nodes[slot]?.older = newest
        nodes[slot]?.newer = nil
        if let newest {
            nodes[newest]?.newer = slot
        }
        newest = slot
        if oldest == nil {
            oldest = slot
        }
    }
}
