// A small HTTP/1.1 server on 127.0.0.1 for the sync tests: Glibc sockets, one thread, requests
// with Content-Length, JSON bodies, a fault per request from a script.
import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The app's upload server: stores samples by UUID (each once), answers `200` with
/// `{"stored": n}` (the samples new to it), records every request it reads.
final class TestHTTPServer: Sendable {
  /// What the server does with one request.
  enum Fault: Sendable {
    /// Answers with this status and stores nothing.
    case status(Int)
    /// Stores the batch, calls `action` (the test crashes the app), and never answers.
    case commitThen(@Sendable () -> Void)
  }

  /// One request as read.
  struct Request: Equatable, Sendable {
    var method: String
    var path: String
    var idempotencyKey: String?
    /// The sample UUIDs of the body, in order.
    var uuids: [String]
    /// The body's bytes as sent.
    var body: Data
  }

  private struct State {
    var listener: Int32 = -1
    var requests: [Request] = []
    /// Stored samples by UUID.
    var stored: [String: [String: String]] = [:]
    /// Answers by idempotency key (a repeated key gets the first answer).
    var answers: [String: Int] = [:]
    var faults: [Int: Fault] = [:]
    /// Connections left open (`commitThen`), closed at `stop`.
    var open: [Int32] = []
    var running = true
  }

  private let state = Mutex(State())
  /// The port the listener was bound to.
  let port: UInt16

  /// Starts a server on 127.0.0.1 at a free port; `faults` by 1-based request number.
  init(faults: [Int: Fault] = [:]) throws {
    let (listener, port) = try Self.makeListener(port: 0)
    self.port = port
    state.withLock {
      $0.listener = listener
      $0.faults = faults
    }
    let thread = Thread { [self] in serve() }
    thread.start()
  }

  /// The upload endpoint.
  var url: URL { URL(string: "http://127.0.0.1:\(port)/v1/samples")! }

  /// Every request read, in order.
  var requests: [Request] { state.withLock { $0.requests } }
  /// The stored sample UUIDs, sorted.
  var storedUUIDs: [String] { state.withLock { $0.stored.keys.sorted() } }
  /// The stored samples by UUID, each field's value as text.
  var storedSamples: [String: [String: String]] { state.withLock { $0.stored } }

  /// Closes the listening socket: connections are refused until ``reopen()``.
  func closeListener() {
    state.withLock { state in
      if state.listener >= 0 { close(state.listener) }
      state.listener = -1
    }
  }

  /// Listens again on the same port.
  func reopen() throws {
    let (listener, _) = try Self.makeListener(port: port)
    state.withLock { $0.listener = listener }
  }

  /// Stops the thread and closes every socket.
  func stop() {
    state.withLock { state in
      state.running = false
      if state.listener >= 0 { close(state.listener) }
      state.listener = -1
      for fd in state.open { close(fd) }
      state.open = []
    }
  }

  struct SocketError: Error { var call: String }

  private static func makeListener(port: UInt16) throws -> (Int32, UInt16) {
    #if canImport(Glibc)
      let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
      let fd = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    guard fd >= 0 else { throw SocketError(call: "socket") }
    var yes: Int32 = 1
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard bound == 0, listen(fd, 16) == 0 else {
      close(fd)
      throw SocketError(call: "bind/listen")
    }
    var actual = sockaddr_in()
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &actual) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
    }
    return (fd, UInt16(bigEndian: actual.sin_port))
  }

  /// The accept loop: polls the listener every 10 ms, handles one connection at a time.
  ///
  /// The poll and the accept run under the lock, so `stop()` and `closeListener()` (which
  /// take it) never close the listener while this thread uses its descriptor: a closed
  /// descriptor's number is reused at once by the next socket (another test's server), and
  /// an accept on it would take that server's connection.
  private func serve() {
    while true {
      enum Next {
        case stop, idle
        case connection(Int32)
      }
      let next = state.withLock { state -> Next in
        guard state.running else { return .stop }
        guard state.listener >= 0 else { return .idle }
        var poller = pollfd(fd: state.listener, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, 10) > 0 else { return .idle }
        let connection = accept(state.listener, nil, nil)
        return connection >= 0 ? .connection(connection) : .idle
      }
      switch next {
      case .stop: return
      case .idle: usleep(1000)
      case .connection(let connection): handle(connection)
      }
    }
  }

  /// Reads one request (headers, then Content-Length bytes) and answers it or not.
  private func handle(_ connection: Int32) {
    var buffer: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65_536)
    var headerEnd: Int?
    var contentLength = 0
    var head = ""
    while true {
      if let end = headerEnd, buffer.count >= end + contentLength { break }
      let count = read(connection, &chunk, chunk.count)
      guard count > 0 else {
        close(connection)
        return
      }
      buffer += chunk[0..<count]
      if headerEnd == nil, let range = Self.find([13, 10, 13, 10], in: buffer) {
        headerEnd = range + 4
        head = String(decoding: buffer[0..<range], as: UTF8.self)
        for line in head.split(separator: "\r\n").dropFirst() {
          let parts = line.split(separator: ":", maxSplits: 1)
          if parts.count == 2, parts[0].lowercased() == "content-length" {
            contentLength = Int(parts[1].trimmingCharacters(in: .whitespaces)) ?? 0
          }
        }
      }
    }
    let body = Data(buffer[headerEnd!..<(headerEnd! + contentLength)])
    let lines = head.split(separator: "\r\n")
    let requestLine = lines.first.map { $0.split(separator: " ") } ?? []
    var key: String?
    for line in lines.dropFirst() {
      let parts = line.split(separator: ":", maxSplits: 1)
      if parts.count == 2, parts[0].lowercased() == "idempotency-key" {
        key = parts[1].trimmingCharacters(in: .whitespaces)
      }
    }
    let samples = Self.samples(of: body)
    let request = Request(
      method: requestLine.count > 0 ? String(requestLine[0]) : "",
      path: requestLine.count > 1 ? String(requestLine[1]) : "", idempotencyKey: key,
      uuids: samples.compactMap { $0["uuid"] }, body: body)
    let fault = state.withLock { state -> Fault? in
      state.requests.append(request)
      return state.faults[state.requests.count]
    }
    switch fault {
    case .status(let status):
      respond(connection, status: status, body: "{\"error\":\(status)}")
    case .commitThen(let action):
      _ = store(samples, key: key)
      state.withLock { $0.open.append(connection) }
      action()
    case nil:
      let stored = store(samples, key: key)
      respond(connection, status: 200, body: "{\"stored\":\(stored)}")
    }
  }

  /// Stores the samples not stored yet; returns how many were new.
  private func store(_ samples: [[String: String]], key: String?) -> Int {
    state.withLock { state in
      var new = 0
      for sample in samples {
        guard let uuid = sample["uuid"], state.stored[uuid] == nil else { continue }
        state.stored[uuid] = sample
        new += 1
      }
      if let key, state.answers[key] == nil { state.answers[key] = 200 }
      return new
    }
  }

  private func respond(_ connection: Int32, status: Int, body: String) {
    let bytes = Array(body.utf8)
    let reason = status == 200 ? "OK" : "Error"
    let head =
      "HTTP/1.1 \(status) \(reason)\r\nContent-Type: application/json\r\nContent-Length: \(bytes.count)\r\nConnection: close\r\n\r\n"
    let message = Array(head.utf8) + bytes
    var sent = 0
    while sent < message.count {
      let count = message[sent...].withUnsafeBytes { write(connection, $0.baseAddress, $0.count) }
      if count <= 0 { break }
      sent += count
    }
    close(connection)
  }

  /// The samples of a JSON body `{"samples": [{...}]}`, values as text.
  private static func samples(of body: Data) -> [[String: String]] {
    guard let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any],
      let samples = object["samples"] as? [[String: Any]]
    else { return [] }
    return samples.map { sample in sample.mapValues { "\($0)" } }
  }

  private static func find(_ pattern: [UInt8], in bytes: [UInt8]) -> Int? {
    guard bytes.count >= pattern.count else { return nil }
    for index in 0...(bytes.count - pattern.count)
    where bytes[index..<index + pattern.count].elementsEqual(pattern) {
      return index
    }
    return nil
  }
}
