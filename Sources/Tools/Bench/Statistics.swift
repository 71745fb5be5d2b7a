/// The middle and the spread of repeated measurements.
///
/// Medians, because one slow run (a page fault, the other core busy) must not move the figure;
/// the spread is p10–p90 by nearest rank, which for fewer than ten runs is min–max.
struct Summary {
    let count: Int
    let median: Double
    let low: Double
    let high: Double

    init?(_ samples: [Double]) {
        guard !samples.isEmpty else { return nil }
        let sorted = samples.sorted()
        count = sorted.count
        let middle = sorted.count / 2
        median =
            sorted.count.isMultiple(of: 2)
            ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
        low = sorted.count < 10 ? sorted[0] : Self.percentile(10, of: sorted)
        high = sorted.count < 10 ? sorted[sorted.count - 1] : Self.percentile(90, of: sorted)
    }

    /// Nearest rank: the smallest sample with at least `percent` % of the samples at or below it.
    private static func percentile(_ percent: Int, of sorted: [Double]) -> Double {
        let rank = (percent * sorted.count + 99) / 100
        return sorted[min(max(rank - 1, 0), sorted.count - 1)]
    }
}

extension Duration {
    /// Milliseconds as a floating-point number, for tables.
    var milliseconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) * 1_000 + Double(attoseconds) / 1e15
    }

    /// Seconds as a floating-point number, for ratios.
    var seconds: Double { milliseconds / 1_000 }
}

/// A deterministic pseudo-random generator (SplitMix64), so that a soak replays exactly.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
