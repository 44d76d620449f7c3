#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A failed system call in the terminal layer: the call's name and `errno`, in the manner of
/// swift-system's `Errno` (apple/swift-system).
public struct TerminalError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The call that failed (`"tcgetattr"`, `"tcsetattr"`, `"write"`, `"isatty"`, ...).
  public var call: String
  /// `errno` after the call (`ENOTTY` when the descriptor is not a terminal).
  public var errno: Int32

  /// Creates an error for `call` with `errno`.
  public init(call: String, errno: Int32) {
    self.call = call
    self.errno = errno
  }

  /// `tcsetattr: Inappropriate ioctl for device (errno 25)`.
  public var description: String {
    let message = strerror(errno).map { String(cString: $0) } ?? "unknown error"
    return "\(call): \(message) (errno \(errno))"
  }
}

/// Writes all of `text` to `fd`, retrying on `EINTR` and partial writes.
///
/// - Throws: ``TerminalError`` (`"write"`) on any other failure.
public func writeAll(_ text: String, to fd: Int32) throws(TerminalError) {
  var bytes = Array(text.utf8)
  var offset = 0
  while offset < bytes.count {
    let written = bytes.withUnsafeMutableBytes { buffer -> Int in
      guard let base = buffer.baseAddress else { return 0 }
      return write(fd, base + offset, buffer.count - offset)
    }
    if written < 0 {
      if errno == EINTR { continue }
      throw TerminalError(call: "write", errno: errno)
    }
    offset += written
  }
  bytes.removeAll()
}
