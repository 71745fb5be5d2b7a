// The part of Swift's Darwin overlay the platform files use: C declarations that Swift cannot
// import (a variadic function, a macro over a function call, a cast) and that the overlay
// declares in Swift instead (swiftlang/swift stdlib/public/Platform/Platform.swift).
// Compiled only to be type-checked against; it never runs.

/// `errno` is `(*__error())` in C.
public var errno: Int32 {
    get { 0 }
    set {}
}

/// open(2) is variadic in C.
public func open(_ path: UnsafePointer<CChar>, _ oflag: Int32) -> Int32 { -1 }

public func open(_ path: UnsafePointer<CChar>, _ oflag: Int32, _ mode: mode_t) -> Int32 { -1 }

/// fcntl(2) is variadic in C.
public func fcntl(_ fd: Int32, _ cmd: Int32) -> Int32 { -1 }

public func fcntl(_ fd: Int32, _ cmd: Int32, _ value: Int32) -> Int32 { -1 }

public func fcntl(_ fd: Int32, _ cmd: Int32, _ ptr: UnsafeMutableRawPointer) -> Int32 { -1 }

/// ioctl(2) is variadic in C; the request is an unsigned long.
public func ioctl(_ fd: CInt, _ request: UInt, _ value: CInt) -> CInt { -1 }

public func ioctl(_ fd: CInt, _ request: UInt, _ ptr: UnsafeMutableRawPointer) -> CInt { -1 }

public func ioctl(_ fd: CInt, _ request: UInt) -> CInt { -1 }

/// `SIG_DFL` is `(void (*)(int))0` in C.
// swift-format-ignore: AlwaysUseLowerCamelCase
public var SIG_DFL: sig_t? { nil }

/// `SIG_IGN` is `(void (*)(int))1` in C.
// swift-format-ignore: AlwaysUseLowerCamelCase
public var SIG_IGN: sig_t { unsafeBitCast(1, to: sig_t.self) }
