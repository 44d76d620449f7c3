// SimulatedNetwork's server faults: the scenario's `phone.network.serverErrors` and
// `phone.network.hangs` spans (docs/phone.md#server-faults), what `workout-sim explore`'s
// `http-error` and `http-hang` faults write.
import Foundation
import SimulationDriver
import WorkoutCore
import WorkoutSystem

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// What the servers do with a request started at an instant.
enum ServerFault: Sendable, Equatable {
  /// Every server answers `503 Service Unavailable` (`phone.network.serverErrors`).
  case error
  /// No server answers (`phone.network.hangs`).
  case hang
}

extension AppSimulation {
  /// The status a request started in a `phone.network.serverErrors` span gets: 503 Service
  /// Unavailable, HTTP's status for a server that cannot handle requests for now, overloaded or
  /// down for maintenance (RFC 9110, section 15.6.4); a project rule: the scenario names spans,
  /// not statuses.
  static let serverErrorStatus = 503

  /// The server fault of a request started at `instant`, or `nil`: a hang when `instant` lies
  /// in a `phone.network.hangs` span, else an error in a `serverErrors` span (half-open spans,
  /// `from` included).
  func serverFault(at instant: SimulationInstant) -> ServerFault? {
    if scenario.phone.hangs.contains(where: { $0.contains(instant) }) { return .hang }
    if scenario.phone.serverErrors.contains(where: { $0.contains(instant) }) { return .error }
    return nil
  }

  /// Answers a request started in a `serverErrors` span with ``serverErrorStatus``, an empty
  /// body and no headers, without reaching the server; logs `serverError`.
  func answerServerError(_ request: URLRequest, reply: SimulatedURLProtocol.Reply) {
    log(
      SystemEvent(
        framework: .network, event: "serverError",
        identifier: SimulatedURLProtocol.identifier(request),
        details: [
          "status": .integer(Self.serverErrorStatus),
          "method": .string(request.httpMethod ?? "GET"),
        ]))
    let url = request.url ?? URL(fileURLWithPath: "/")
    guard
      let response = HTTPURLResponse(
        url: url, statusCode: Self.serverErrorStatus, httpVersion: "HTTP/1.1", headerFields: [:])
    else {
      reply.fail(URLError(.badServerResponse, userInfo: SimulatedURLProtocol.userInfo(request)))
      return
    }
    reply.succeed(response, Data())
  }

  /// Leaves a request started in a `hangs` span unanswered until its `timeoutInterval` of
  /// virtual time has passed, then fails it with `URLError(.timedOut)` (Apple: "If during a
  /// connection attempt the request remains idle for longer than the timeout interval, the
  /// request is considered to have timed out",
  /// https://developer.apple.com/documentation/foundation/urlrequest/timeoutinterval); logs
  /// `requestHung` now and `requestFailed` (`reason: "timedOut"`) then. While it hangs, open
  /// holds do not keep virtual time still (`State.timeWaits`). The request is `process`'s: after
  /// that process's crash nobody is left to hear the timeout (no `requestFailed`, no call).
  func hang(
    _ request: URLRequest, of process: AppProcess, loading: SimulatedURLProtocol,
    reply: SimulatedURLProtocol.Reply
  ) {
    let seconds = request.timeoutInterval
    // A timeout that is not a positive number of seconds: URLRequest's default, 60 s.
    let timeout: Duration = seconds.isFinite && seconds > 0 ? .seconds(seconds) : .seconds(60)
    let identifier = SimulatedURLProtocol.identifier(request)
    let method = request.httpMethod ?? "GET"
    // The timer first: the request below changes the timer's state, which registers its
    // deadline in the agenda under the same lock that counts the wait. Added after, the
    // deadline could be registered only once `advance` (free to move as soon as the wait is
    // counted) had passed it, and the request would never time out.
    addSystemTimer(key: ObjectIdentifier(HungRequests.self), HangTimer(simulation: self))
    mutate { state in
      let now = state.session.now
      let deadline = now.advanced(by: timeout)
      state.log(
        SystemEvent(
          framework: .network, event: "requestHung", identifier: identifier,
          details: ["method": .string(method), "timeoutAt": .instant(deadline)]))
      state.timeWaits += 1
      state.withExtension(HungRequests.self, of: self) { hung, _ in
        hung.requests.append(
          HungRequests.Request(
            deadline: deadline, process: process, identifier: identifier, method: method,
            loading: HungRequests.Unchecked(loading: loading), reply: reply,
            userInfo: HungRequests.Unchecked(userInfo: SimulatedURLProtocol.userInfo(request))))
      }
    }
  }
}

/// The requests to hung servers not yet timed out (behind the simulation's lock).
struct HungRequests: SimulationExtension {
  /// Values used only in the lane's callback, one at a time.
  struct Unchecked: @unchecked Sendable {
    var loading: SimulatedURLProtocol?
    var userInfo: [String: Any] = [:]

    init(loading: SimulatedURLProtocol) { self.loading = loading }
    init(userInfo: [String: Any]) { self.userInfo = userInfo }
  }

  /// One hung request.
  struct Request: Sendable {
    var deadline: SimulationInstant
    /// The app process that made the request.
    var process: AppProcess
    var identifier: String
    var method: String
    var loading: Unchecked
    var reply: SimulatedURLProtocol.Reply
    var userInfo: Unchecked
  }

  var requests: [Request] = []

  init(simulation: AppSimulation) {}
}

/// Fails hung requests at their deadlines.
struct HangTimer: SystemTimer {
  weak let simulation: AppSimulation?

  func nextDue(after now: SimulationInstant, state: AppSimulation.State) -> SimulationInstant? {
    state.extensionState(HungRequests.self)?.requests.map(\.deadline).filter { $0 > now }.min()
  }

  func fire(at now: SimulationInstant, state: inout AppSimulation.State)
    -> [AppSimulation.Callback]
  {
    guard let simulation else { return [] }
    let due = state.withExtension(HungRequests.self, of: simulation) { hung, _ in
      let due = hung.requests.filter { $0.deadline <= now }
      hung.requests.removeAll { $0.deadline <= now }
      return due
    }
    var callbacks: [AppSimulation.Callback] = []
    for request in due {
      state.timeWaits -= 1
      // The app process that sent it crashed: nobody is left to answer.
      guard state.isAlive(request.process) else { continue }
      state.log(
        SystemEvent(
          framework: .network, event: "requestFailed", identifier: request.identifier,
          details: ["reason": .string("timedOut"), "method": .string(request.method)]))
      callbacks.append {
        // Off the lane (a Dispatch queue, as forwarded answers come): the failure waits there
        // until the request's startLoading has returned.
        SimulatedURLProtocol.forwardingQueue.async {
          guard let loading = request.loading.loading else { return }
          loading.waitUntilStarted()
          guard loading.finish() else { return }
          request.reply.fail(URLError(.timedOut, userInfo: request.userInfo.userInfo))
        }
      }
    }
    return callbacks
  }
}
