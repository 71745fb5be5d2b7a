// What TerminalUI/Platform.swift uses from the rest of its module, which the check does not
// compile (the rest imports Foundation, which on Linux loads Glibc).

struct Size {
    var width: Int
    var height: Int
}
