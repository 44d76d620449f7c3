import Foundation
import SimulatedCoreLocationValues
import SimulationDriver

/// A session that keeps the app in use in the background so that it goes on receiving
/// location updates and monitoring events, Core Location's `CLBackgroundActivitySession`
/// (Apple doc: https://developer.apple.com/documentation/corelocation/clbackgroundactivitysession-3mzv3;
/// iOS 17, watchOS 10): apps hold one beside `CLLocationUpdate.liveUpdates()`.
///
/// - Made with ``init()`` on the device whose code makes it; it asks for no authorization (Apple:
///   it lets "a when-in-use authorized app" receive updates).
/// - Its effect is the background rule the simulation already applies to live updates and
///   region monitoring (project rule, docs/swift-api.md#core-location): the phone's app gets
///   them in the background, and the watch app's live updates go on in the background while it
///   runs code, with or without a session. So updates come with or without one, and
///   ``invalidate()`` stops none: it ends the session and its ``diagnostics`` (Apple: "This
///   method ends the session immediately"; a session once invalidated cannot become active
///   again).
/// - ``diagnostics`` (iOS 18, watchOS 11) yields the session's ``Diagnostic`` read from the
///   authorization when it is iterated, then waits until ``invalidate()`` ends it.
@available(iOS 17.0, watchOS 10.0, *)
public final class CLBackgroundActivitySession: @unchecked Sendable {
  /// The state of a session's authorization (Apple doc:
  /// https://developer.apple.com/documentation/corelocation/clbackgroundactivitysession-3mzv3/diagnostic).
  @available(iOS 18.0, watchOS 11.0, *)
  public struct Diagnostic: Sendable {
    /// The user denied location access (the scenario's `authorization.location: "denied"`).
    public let authorizationDenied: Bool
    /// Location services are off for every app: `false`.
    public let authorizationDeniedGlobally: Bool
    /// A permission prompt is on screen: `false` (the scenario answers at once).
    public let authorizationRequestInProgress: Bool
    /// Restricted: `false`.
    public let authorizationRestricted: Bool
    /// The app is not in use enough: `false`.
    public let insufficientlyInUse: Bool
    /// A service session is required: `false` (the simulation never requires one).
    public let serviceSessionRequired: Bool
  }

  /// The diagnostics as an async sequence, a final class as in Core Location (Apple doc:
  /// https://developer.apple.com/documentation/corelocation/clbackgroundactivitysession-3mzv3/diagnostics-swift.class).
  @available(iOS 18.0, watchOS 11.0, *)
  public final class Diagnostics: AsyncSequence, Sendable {
    /// A diagnostic.
    public typealias Element = Diagnostic
    let stream: AsyncStream<Diagnostic>

    init(stream: AsyncStream<Diagnostic>) { self.stream = stream }

    /// The iterator.
    public func makeAsyncIterator() -> Iterator { Iterator(base: stream.makeAsyncIterator()) }

    /// The iterator of ``Diagnostics``.
    public struct Iterator: AsyncIteratorProtocol {
      var base: AsyncStream<Diagnostic>.Iterator

      /// The next diagnostic, or `nil` once the session is invalidated.
      public mutating func next() async throws -> Diagnostic? { await base.next() }
    }
  }

  private weak var simulation: AppSimulation?
  /// The session's diagnostics sequences.
  private let feed = DiagnosticsFeed()

  /// A new session, active at once (Apple doc:
  /// https://developer.apple.com/documentation/corelocation/clbackgroundactivitysession-3mzv3/init()).
  /// Traps outside a simulation's `run`.
  public init() {
    simulation = AppSimulation.requireCurrent("CLBackgroundActivitySession()")
  }

  /// The session's diagnostics: one now, then none until ``invalidate()`` ends the sequence
  /// (Apple doc:
  /// https://developer.apple.com/documentation/corelocation/clbackgroundactivitysession-3mzv3/diagnostics-swift.property).
  /// A sequence asked for after ``invalidate()`` ends after its one diagnostic.
  @available(iOS 18.0, watchOS 11.0, *)
  public var diagnostics: Diagnostics {
    Diagnostics(stream: feed.stream(first: diagnostic()))
  }

  /// Ends the session now (Apple doc:
  /// https://developer.apple.com/documentation/corelocation/clbackgroundactivitysession-3mzv3/invalidate()):
  /// its diagnostics sequences end; it cannot become active again (make a new one). The
  /// authorization and the updates stay.
  public func invalidate() {
    feed.end()
  }

  /// The diagnostic of the authorization now.
  @available(iOS 18.0, watchOS 11.0, *)
  private func diagnostic() -> Diagnostic {
    let status =
      simulation.map { simulation in CLLocationManager.read(simulation) { $0.status } }
      ?? .notDetermined
    return Diagnostic(
      authorizationDenied: status == .denied, authorizationDeniedGlobally: false,
      authorizationRequestInProgress: false, authorizationRestricted: status == .restricted,
      insufficientlyInUse: false, serviceSessionRequired: false)
  }
}
