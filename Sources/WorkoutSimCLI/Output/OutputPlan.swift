import Foundation
import WorkoutTerminal

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The files one command reads and the files it will write, checked together before any work
/// starts (docs/command-line.md#outputs-never-overwrite-inputs), and the one way the command writes
/// its outputs afterwards.
///
/// Build it from every input (the scenario files, the recordings they replay, a replayed
/// recording) and every output path (`--export`, `--junit`, `--write-scenario`), call
/// ``check()`` first, then write each file with ``write(_:toPath:flag:)``:
///
/// ```swift
/// let plan = OutputPlan(
///   command: "replay", inputs: [.init(path: file, role: "the recording")],
///   outputs: options.exports.map { .init(path: $0.path, flag: "--export") })
/// try plan.check()
/// ```
///
/// Rules:
/// - An output that names an input, or the same file as another output, is a usage error (64). "Names" means the same file: by
///   device and inode (`stat(2)`, following symbolic links, so a symlink or hard link to the
///   input and `./x` for `x` all match) when the output exists, else the same resolved path
///   (the folder's `realpath(3)` and the name).
/// - An output that cannot be created is 73, reported before the run rather than after it: the
///   target exists and is not a regular file (a folder, a FIFO, a device) or is read-only (no
///   write permission bit, or none for this user), or its folder does not
///   exist, is not a folder or is not writable (a probe file `.NAME.probe-XXXXXX` is created there
///   with `mkstemp(3)` and removed at once).
public struct OutputPlan: Sendable, Equatable {
  /// A file the command reads.
  public struct Input: Sendable, Equatable {
    /// The path as given or as the scenario resolves it (`Scenarios/recordings/run.fit`).
    public var path: String
    /// What it is, for the message: `the scenario file`, `the recording`.
    public var role: String

    /// Creates an input.
    public init(path: String, role: String) {
      self.path = path
      self.role = role
    }

    /// The scenario file at `path` as given, `the scenario file`; for `-`
    /// (``InputFiles/standardInputPath``) standard input as the system names it,
    /// `/dev/stdin`, `the scenario read from standard input`: a file redirected into it
    /// (`< my.json`) is an input too, compared by device and inode.
    public static func scenario(_ path: String) -> Input {
      path == InputFiles.standardInputPath
        ? Input(path: "/dev/stdin", role: "the scenario read from standard input")
        : Input(path: path, role: "the scenario file")
    }
  }

  /// A file the command writes.
  public struct Output: Sendable, Equatable {
    /// The path as given, or the name a later record gets (`run-2.fit` for `--export run.fit`).
    public var path: String
    /// The flag that named it: `--export`, `--junit`, `--write-scenario`.
    public var flag: String
    /// For a later record's name: the path given with the flag (`run.fit`); `nil` otherwise.
    public var given: String?
    /// For a later record's name: the record's number, from 2.
    public var record: Int?

    /// Creates an output; `given` and `record` only for a later record's name.
    public init(path: String, flag: String, given: String? = nil, record: Int? = nil) {
      self.path = path
      self.flag = flag
      self.given = given
      self.record = record
    }

    /// How messages name it: `'--export run.fit'`, or `'--export run.fit' (record 2 as
    /// 'run-2.fit')` for a later record's name, so the flag shown is the one the user typed.
    public var described: String {
      guard let given, let record else { return "'\(flag) \(path)'" }
      return "'\(flag) \(given)' (record \(record) as '\(path)')"
    }
  }

  /// The subcommand, for the usage error's `Usage:` line (`run`, `check`, `replay`).
  public var command: String
  /// The files read.
  public var inputs: [Input]
  /// The files to write.
  public var outputs: [Output]

  /// Creates a plan.
  public init(command: String, inputs: [Input], outputs: [Output]) {
    self.command = command
    self.inputs = inputs
    self.outputs = outputs
  }

  /// The outputs of `--export` targets for a run that saves up to `records` records: each path
  /// as given, then its `-2`, `-3`, ... names for the later records
  /// (``ExportTarget/path(forRecordAt:)``), so they are checked before the run too.
  public static func exports(_ targets: [ExportTarget], records: Int) -> [Output] {
    targets.flatMap { target in
      [Output(path: target.path, flag: "--export")]
        + (1..<max(records, 1)).map {
          Output(
            path: target.path(forRecordAt: $0), flag: "--export", given: target.path,
            record: $0 + 1)
        }
    }
  }

  /// Checks every output against every input, then that every output can be created.
  ///
  /// - Throws: ``UsageError`` (64): `'--junit my.json' would overwrite the scenario file
  ///   'my.json'; choose another name.`; ``OutputError`` (73) naming the output:
  ///   `it is a folder`, `it is a FIFO, not a regular file`, `it is read-only; make it writable
  ///   (chmod u+w 'out.fit') or choose another name`, or the system's reason for the
  ///   folder (`No such file or directory`, `Not a directory`, `Permission denied`).
  public func check() throws {
    for output in outputs {
      try refuseInput(output)
    }
    try refuseCollisions()
    for output in outputs {
      try Self.checkCreatable(output.path)
    }
  }

  /// Writes `bytes` to `path` whole or not at all (``writeAtomically(_:toPath:)``), after
  /// checking once more that `path` names no input: the `-2`, `-3`, ... names of later records
  /// are known only after the run.
  ///
  /// - Throws: ``UsageError`` (64) when `path` names an input; ``OutputError`` (73).
  public func write(_ bytes: [UInt8], toPath path: String, flag: String) throws {
    try refuseInput(Output(path: path, flag: flag))
    try writeAtomically(bytes, toPath: path)
  }

  /// Throws the usage error when two outputs name the same file (`--export x.json
  /// --write-scenario x.json`, `--export y.fit --export ./y.fit`): the later write would
  /// silently replace the earlier one.
  func refuseCollisions() throws(UsageError) {
    let keys = outputs.map { FileKey($0.path) }
    for later in outputs.indices {
      for earlier in outputs.indices.prefix(later) where keys[later].matches(keys[earlier]) {
        let (first, second) = (outputs[earlier], outputs[later])
        throw UsageError(
          "\(first.described) and \(second.described) name the same file; choose different names.",
          command: command)
      }
    }
  }

  /// Throws the usage error when `path` names one of ``inputs``.
  func refuseInput(_ output: Output) throws(UsageError) {
    let target = FileKey(output.path)
    for input in inputs where target.matches(FileKey(input.path)) {
      throw UsageError(
        "\(output.described) would overwrite \(input.role) '\(input.path)'; choose another name.",
        command: command)
    }
  }

  /// Throws the output error when `path` cannot be created (see the type's rules).
  static func checkCreatable(_ given: String) throws(OutputError) {
    // Errors name the path as given; what is checked is the file a write would replace (a
    // symbolic link's regular target, ``writableTarget(of:)``), so a bad link fails here,
    // before any work.
    let path = try writableTarget(of: given)
    var status = stat()
    if stat(path, &status) == 0 {
      switch status.st_mode & S_IFMT {
      case S_IFREG: break
      case S_IFDIR: throw OutputError(path: given, reason: "it is a folder")
      case S_IFIFO: throw OutputError(path: given, reason: "it is a FIFO, not a regular file")
      case S_IFCHR, S_IFBLK:
        throw OutputError(path: given, reason: "it is a device, not a regular file")
      default: throw OutputError(path: given, reason: "it is not a regular file")
      }
    }
    let name = (path as NSString).lastPathComponent
    var folder = (path as NSString).deletingLastPathComponent
    if folder.isEmpty { folder = "." }
    guard
      let (descriptor, probe) = TemporaryFiles.create(
        template: folder + "/." + name + ".probe-XXXXXX")
    else { throw OutputError(path: given, reason: systemReason()) }
    close(descriptor)
    unlink(probe)
    TemporaryFiles.unregister(probe)
    // The folder can take a new file; a read-only file there is refused all the same (after the
    // folder, whose reason comes first when both hold).
    try refuseReadOnly(path, given: given)
  }
}

/// A file's identity for comparing an output with an input: device and inode when the file
/// exists (symbolic links followed), else the resolved absolute path.
private struct FileKey: Equatable {
  var device: UInt64?
  var inode: UInt64?
  var resolvedPath: String

  init(_ path: String) {
    var status = stat()
    if stat(path, &status) == 0 {
      device = UInt64(status.st_dev)
      inode = UInt64(status.st_ino)
    }
    resolvedPath = Self.resolve(path)
  }

  /// The same file: the same device and inode when both exist, else the same resolved path.
  func matches(_ other: FileKey) -> Bool {
    if let device, let inode, let otherDevice = other.device, let otherInode = other.inode {
      return device == otherDevice && inode == otherInode
    }
    return resolvedPath == other.resolvedPath
  }

  /// `realpath` of the whole path, else of its folder joined with the name, else the path made
  /// absolute and standardized.
  static func resolve(_ path: String) -> String {
    if let real = realPath(path) { return real }
    let url = URL(fileURLWithPath: path).standardizedFileURL
    let folder = url.deletingLastPathComponent().path
    if let real = realPath(folder) {
      return (real == "/" ? "" : real) + "/" + url.lastPathComponent
    }
    return url.path
  }

  static func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }
}
