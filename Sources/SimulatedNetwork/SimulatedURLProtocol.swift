// SimulatedNetwork: the phone's network on an AppSimulation's virtual time: offline spans
// under URLSession and NWPathMonitor (docs/swift-api.md#the-network). Apple's API:
// https://developer.apple.com/documentation/foundation/urlprotocol and
// https://developer.apple.com/documentation/network
import Foundation
import SimulationDriver
import Synchronization
import WorkoutCore
import WorkoutSystem

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension AppSimulation {
  /// A copy of `base` whose requests go through the simulated phone's network
  /// (docs/phone.md#network): while the phone is offline (the scenario's `phone.offline` and
  /// `phone.offlineDaily` spans) a request fails at once with
  /// `URLError(.notConnectedToInternet)` (domain `NSURLErrorDomain`, code −1009, Apple doc:
  /// https://developer.apple.com/documentation/foundation/urlerror/code/notconnectedtointernet)
  /// and the run's log gets a `system` entry (framework `Network`, event `requestFailed`,
  /// identifier the URL's host and path, details `reason: "offline"` and `method`); otherwise
  /// the request goes to the real network unchanged (method, headers, body, timeout), and its
  /// response, status, headers, data or error come back unchanged.
  ///
  /// The configuration's `protocolClasses` start with a `URLProtocol` of this simulation
  /// (Apple doc: https://developer.apple.com/documentation/foundation/urlsessionconfiguration/protocolclasses);
  /// the forwarding session is made from `base` itself, so its timeouts, cache and cookie
  /// settings apply. While a forwarded request is in flight, virtual time stays at its instant
  /// (a hold, bounded by `AppSimulation.appWorkGrace`): its virtual duration is zero.
  /// A request of an app process that crashed before its answer came never completes (the
  /// process is gone).
  ///
  /// The sessions made from the configuration are the app's of the device whose code calls
  /// this: inside `simulation.on(.phone) { }` the phone app's, elsewhere the watch app's (as a
  /// `WCSession.default` or an `HKHealthStore()` made there). A request belongs to that app's
  /// process as it starts: only that device's crash (`crash(.phone)` for the phone's,
  /// `crash()` for the watch's) ends it, and the other device's leaves it alone (project rule,
  /// docs/swift-api.md#crash-and-recovery: URLSession starts a request's loading on its own
  /// queues, where the device of the code that called `data(for:)` is not seen, so the
  /// configuration's device stands for it; make the phone app's sessions in its code).
  ///
  /// ```swift
  /// let session = URLSession(configuration: simulation.urlSessionConfiguration())
  /// ```
  ///
  /// - Parameter base: the configuration to copy; `.ephemeral` by default.
  /// - Returns: a new configuration; every session made from it belongs to this simulation.
  public func urlSessionConfiguration(_ base: URLSessionConfiguration = .ephemeral)
    -> URLSessionConfiguration
  {
    // swift-corelibs-foundation hands a custom protocol the app's request without the
    // session's `httpAdditionalHeaders`, and no way to its session: each configuration gets a
    // protocol class of its own (a slot), which finds its simulation in the registry.
    let forwarding = base.copy() as! URLSessionConfiguration
    let protocolClass = NetworkRoutes.register(
      simulation: self, forwarding: URLSession(configuration: forwarding),
      device: Device(owning: Self.currentDevice))
    let configuration = base.copy() as! URLSessionConfiguration
    configuration.protocolClasses = [protocolClass] + (base.protocolClasses ?? [])
    return configuration
  }
}

/// A request's route: the simulation it belongs to and the session that forwards it.
struct NetworkRoute: Sendable {
  weak var simulation: AppSimulation?
  let forwarding: URLSession
  /// The device whose app code made the configuration: its requests are that app's.
  let device: AppSimulation.Device
}

/// The routes by slot (a slot is free again once its simulation is gone).
enum NetworkRoutes {
  private static let routes = Mutex<[NetworkRoute]>([])

  /// Registers a route and returns the protocol class of its slot.
  static func register(
    simulation: AppSimulation, forwarding: URLSession, device: AppSimulation.Device
  ) -> URLProtocol.Type {
    let slot = routes.withLock { routes -> Int in
      let route = NetworkRoute(simulation: simulation, forwarding: forwarding, device: device)
      if let free = routes.firstIndex(where: { $0.simulation == nil }) {
        routes[free].forwarding.finishTasksAndInvalidate()
        routes[free] = route
        return free
      }
      routes.append(route)
      return routes.count - 1
    }
    return protocolClass(slot, SlotZero.self)
  }

  /// The route of `slot`.
  static func route(_ slot: Int) -> NetworkRoute? {
    routes.withLock { slot < $0.count ? $0[slot] : nil }
  }

  /// `SlotURLProtocol<Next^remaining<S>>`: one class per slot, made at run time.
  private static func protocolClass<S: NetworkSlot>(_ remaining: Int, _: S.Type)
    -> URLProtocol.Type
  {
    remaining == 0 ? SlotURLProtocol<S>.self : protocolClass(remaining - 1, SlotNext<S>.self)
  }
}

/// A slot number as a type (so that each slot has a protocol class of its own).
protocol NetworkSlot { static var index: Int { get } }
/// Slot 0.
enum SlotZero: NetworkSlot { static var index: Int { 0 } }
/// The slot after `Previous`.
enum SlotNext<Previous: NetworkSlot>: NetworkSlot { static var index: Int { Previous.index + 1 } }

/// The protocol class of slot `Slot`.
final class SlotURLProtocol<Slot: NetworkSlot>: SimulatedURLProtocol {
  override class var slot: Int { Slot.index }
}

/// The simulated phone's network under `URLSession`: fails requests while offline, forwards
/// the rest (`AppSimulation.urlSessionConfiguration(_:)`).
class SimulatedURLProtocol: URLProtocol {
  /// The registry slot of the class.
  class var slot: Int { preconditionFailure("a SlotURLProtocol subclass gives the slot") }

  private let forwarded = Mutex<URLSessionDataTask?>(nil)

  /// HTTP and HTTPS requests.
  override class func canInit(with request: URLRequest) -> Bool {
    guard let scheme = request.url?.scheme?.lowercased() else { return false }
    return scheme == "http" || scheme == "https"
  }

  /// The request itself.
  override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

  override func startLoading() {
    defer { started.withLock { $0 = true } }
    let request = self.request
    let reply = Reply(protocol: self)
    guard let route = NetworkRoutes.route(Self.slot), let simulation = route.simulation else {
      reply.fail(URLError(.notConnectedToInternet, userInfo: Self.userInfo(request)))
      return
    }
    // The app process that makes the request: the route's device's, now.
    let (online, process, now) = simulation.networkStatusNow(of: route.device)
    guard online else {
      simulation.log(
        SystemEvent(
          framework: .network, event: "requestFailed", identifier: Self.identifier(request),
          details: [
            "reason": .string("offline"), "method": .string(request.httpMethod ?? "GET"),
          ]))
      reply.fail(URLError(.notConnectedToInternet, userInfo: Self.userInfo(request)))
      return
    }
    switch simulation.serverFault(at: now) {
    case .error?:
      simulation.answerServerError(request, reply: reply)
      return
    case .hang?:
      hung.withLock { $0 = true }
      simulation.hang(request, of: process, loading: self, reply: reply)
      return
    case nil: break
    }
    let hold = simulation.beginHold(
      framework: "SimulatedNetwork", call: "the URL loading of \(Self.identifier(request))",
      device: process.device)
    // Not from here: swift-corelibs-foundation calls `startLoading` on a queue that every
    // session's work queue targets, and making or starting another session's task there waits
    // for that queue (a deadlock trap).
    let forwarding = route.forwarding
    let holder = UncheckedProtocol(protocol: self)
    Self.forwardingQueue.async {
      let task = forwarding.dataTask(with: request) { data, response, error in
        defer { simulation.endHold(hold) }
        guard holder.protocol.finish() else { return }
        // The app process that sent it crashed: nobody is left to answer.
        guard simulation.isAlive(process) else { return }
        if let error {
          reply.fail(error)
        } else if let response {
          reply.succeed(response, data ?? Data())
        } else {
          reply.fail(URLError(.badServerResponse, userInfo: Self.userInfo(request)))
        }
      }
      holder.protocol.forwarded.withLock { $0 = task }
      task.resume()
      // The request's own timeout (swift-corelibs-foundation's sessions time out on their
      // configuration's `timeoutIntervalForRequest` only): no answer within
      // `request.timeoutInterval` seconds fails it with `URLError(.timedOut)`.
      let started = UncheckedTask(task: task)
      Self.forwardingQueue.asyncAfter(deadline: .now() + request.timeoutInterval) {
        guard holder.protocol.finish() else { return }
        started.task.cancel()
        if simulation.isAlive(process) {
          reply.fail(URLError(.timedOut, userInfo: Self.userInfo(request)))
        }
        simulation.endHold(hold)
      }
    }
  }

  private let finished = Mutex(false)
  /// Whether the request went to a hung server (`phone.network.hangs`).
  private let hung = Mutex(false)
  /// Whether ``startLoading()`` has returned.
  private let started = Mutex(false)

  /// Waits until ``startLoading()`` has returned: a hung request's timeout may come due on
  /// another thread while it is still returning (virtual time moves as soon as the hang is
  /// registered), and URLSession's client must not hear of the failure before.
  func waitUntilStarted() {
    while !started.withLock({ $0 }) { sched_yield() }
  }

  /// Marks the request answered; `false` when it already was (the answer, the timeout, or the
  /// app's cancel of a hung request).
  func finish() -> Bool {
    finished.withLock { finished in
      defer { finished = true }
      return !finished
    }
  }

  /// Where forwarded tasks are started.
  static let forwardingQueue = DispatchQueue(label: "SimulatedNetwork.forwarding")

  private struct UncheckedTask: @unchecked Sendable {
    let task: URLSessionDataTask
  }

  private struct UncheckedProtocol: @unchecked Sendable {
    let `protocol`: SimulatedURLProtocol
  }

  override func stopLoading() {
    // A hung request the app cancelled gets no timeout after it.
    if hung.withLock({ $0 }) { _ = finish() }
    guard let task = forwarded.withLock({ $0 }) else { return }
    let forwarded = UncheckedTask(task: task)
    Self.forwardingQueue.async {
      if forwarded.task.state == .running { forwarded.task.cancel() }
    }
  }

  /// `host/path` of the request's URL (the log's identifier).
  static func identifier(_ request: URLRequest) -> String {
    guard let url = request.url else { return "" }
    return (url.host ?? "") + url.path
  }

  /// The failing URL, as URLSession's own errors carry it.
  static func userInfo(_ request: URLRequest) -> [String: Any] {
    guard let url = request.url else { return [:] }
    return [NSURLErrorFailingURLErrorKey: url]
  }

  /// The protocol's answers to its client, callable from the forwarding session's queue.
  struct Reply: @unchecked Sendable {
    let `protocol`: URLProtocol

    func fail(_ error: any Error) {
      `protocol`.client?.urlProtocol(`protocol`, didFailWithError: error)
    }

    func succeed(_ response: URLResponse, _ data: Data) {
      let client = `protocol`.client
      client?.urlProtocol(`protocol`, didReceive: response, cacheStoragePolicy: .notAllowed)
      if !data.isEmpty { client?.urlProtocol(`protocol`, didLoad: data) }
      client?.urlProtocolDidFinishLoading(`protocol`)
    }
  }
}

extension AppSimulation {
  /// Whether the phone is online at virtual now, and `device`'s app process now.
  fileprivate func networkStatusNow(of device: Device)
    -> (online: Bool, process: AppProcess, now: SimulationInstant)
  {
    let (now, process) = state.withLock { state in
      (state.session.now, state.process(of: device))
    }
    return (phoneIsOnline(at: now), process, now)
  }
}
