#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Why an input file (a scenario, a recording) cannot be read, in words that say what the thing
/// at the path is: exit 66 (`EX_NOINPUT`, docs/command-line.md#exit-codes).
///
/// ``reason`` is the text after `cannot open the file (` or `cannot read file: ` in the
/// readers' messages.
public enum InputFileProblem: Error, Sendable, Equatable {
  /// Nothing at the path (`ENOENT`, or a path component that is not a folder, `ENOTDIR`).
  case notFound
  /// The path is a folder.
  case folder
  /// The path is a named pipe: reading it would wait for a writer, so it is refused.
  case fifo
  /// The path is a character or block device (`/dev/zero` never ends).
  case device
  /// The path is a Unix domain socket.
  case socket
  /// Resolving the path met a symbolic link loop (`ELOOP`).
  case symlinkLoop
  /// The file exists but may not be read (`EACCES`, `EPERM`).
  case permissionDenied
  /// Any other failure, with the system's text (`strerror`).
  case system(String)

  /// The reason as printed: `no such file`, `it is a folder`, `it is a FIFO, not a regular file`,
  /// `it is a device, not a regular file`, `it is a socket, not a regular file`,
  /// `symlink loop (too many levels of symbolic links)`, `permission denied`, or the system's
  /// text.
  public var reason: String {
    switch self {
    case .notFound: "no such file"
    case .folder: "it is a folder"
    case .fifo: "it is a FIFO, not a regular file"
    case .device: "it is a device, not a regular file"
    case .socket: "it is a socket, not a regular file"
    case .symlinkLoop: "symlink loop (too many levels of symbolic links)"
    case .permissionDenied: "permission denied"
    case .system(let text): text
    }
  }
}

/// Reads input files whole, refusing anything that is not a regular file before reading from it.
///
/// The file is opened with `O_NONBLOCK` (so opening a FIFO does not wait for a writer) and its
/// kind is taken from `fstat` on the open descriptor (POSIX `open(2)`, `fstat(2)`), so the kind
/// checked is the kind read. Symbolic links are followed; a loop of them is reported as such.
public enum InputFile {
  /// The problem with reading `path` as an input file, or `nil` when it is a readable regular
  /// file. Opens and closes the file; reads nothing.
  ///
  /// - Parameter path: The file, as given.
  public static func problem(path: String) -> InputFileProblem? {
    switch open(path) {
    case .success(let descriptor):
      close(descriptor)
      return nil
    case .failure(let problem):
      return problem
    }
  }

  /// The whole contents of the regular file at `path`.
  ///
  /// - Parameter path: The file, as given.
  /// - Returns: The bytes, or the ``InputFileProblem`` that stopped the read.
  public static func read(path: String) -> Result<[UInt8], InputFileProblem> {
    let descriptor: Int32
    switch open(path) {
    case .success(let opened): descriptor = opened
    case .failure(let problem): return .failure(problem)
    }
    defer { close(descriptor) }
    return readToEnd(descriptor)
  }

  /// The whole of standard input (file descriptor 0), for an input named `-`: a pipe, a socket
  /// or a redirected regular file is read to its end. Refused without reading: a terminal
  /// (reading it would wait for typed text and an end-of-file; the reason says to pipe or
  /// redirect a file instead), another device (`/dev/zero` never ends), a closed descriptor.
  public static func readStandardInput() -> Result<[UInt8], InputFileProblem> {
    var status = stat()
    guard fstat(0, &status) == 0 else { return .failure(problem(errno: errno)) }
    if isatty(0) == 1 {
      return .failure(.system("standard input is a terminal; pipe or redirect a file into it"))
    }
    switch status.st_mode & S_IFMT {
    case S_IFREG, S_IFIFO, S_IFSOCK: return readToEnd(0)
    case let mode: return .failure(kindProblem(mode) ?? .system("it is not a regular file"))
    }
  }

  /// Reads `descriptor` to its end, retrying after `EINTR` and waiting (`poll(2)`) after
  /// `EAGAIN` on a descriptor that does not block.
  private static func readToEnd(_ descriptor: Int32) -> Result<[UInt8], InputFileProblem> {
    var status = stat()
    let hint = fstat(descriptor, &status) == 0 ? max(Int(status.st_size), 0) : 0
    var bytes: [UInt8] = []
    bytes.reserveCapacity(hint)
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { buffer in
        systemRead(descriptor, buffer.baseAddress, buffer.count)
      }
      if count == 0 { break }
      if count < 0 {
        if errno == EINTR { continue }
        if errno == EAGAIN || errno == EWOULDBLOCK {
          var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
          _ = poll(&ready, 1, -1)
          continue
        }
        return .failure(problem(errno: errno))
      }
      bytes.append(contentsOf: chunk[0..<count])
    }
    return .success(bytes)
  }

  /// Opens `path` for reading and checks that it is a regular file.
  private static func open(_ path: String) -> Result<Int32, InputFileProblem> {
    let descriptor = systemOpen(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else {
      let code = errno
      // A socket cannot be opened (ENXIO); say what it is.
      var status = stat()
      if stat(path, &status) == 0, let kind = kindProblem(status.st_mode) { return .failure(kind) }
      return .failure(problem(errno: code))
    }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      let problem = problem(errno: errno)
      close(descriptor)
      return .failure(problem)
    }
    if let kind = kindProblem(status.st_mode) {
      close(descriptor)
      return .failure(kind)
    }
    return .success(descriptor)
  }

  /// The problem for a file mode that is not a regular file, or `nil` for a regular file.
  private static func kindProblem(_ mode: mode_t) -> InputFileProblem? {
    switch mode & S_IFMT {
    case S_IFREG: nil
    case S_IFDIR: .folder
    case S_IFIFO: .fifo
    case S_IFCHR, S_IFBLK: .device
    case S_IFSOCK: .socket
    default: .system("it is not a regular file")
    }
  }

  private static func problem(errno code: Int32) -> InputFileProblem {
    switch code {
    case ENOENT, ENOTDIR: .notFound
    case ELOOP: .symlinkLoop
    case EACCES, EPERM: .permissionDenied
    case EISDIR: .folder
    default: .system(String(cString: strerror(code)))
    }
  }
}

/// `read(2)`, named apart from ``InputFile/read(path:)``.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int)
  -> Int
{
  read(descriptor, buffer, count)
}

/// `open(2)`, named apart from the type's own `open`.
private func systemOpen(_ path: String, _ flags: Int32) -> Int32 {
  open(path, flags)
}
