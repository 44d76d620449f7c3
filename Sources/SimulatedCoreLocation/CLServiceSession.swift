import Foundation
import SimulatedCoreLocationValues
import SimulationDriver

/// The app's declared need for location authorization in one of its workflows, Core
/// Location's `CLServiceSession` (Apple doc:
/// https://developer.apple.com/documentation/corelocation/clservicesession-pt7n; iOS 18,
/// watchOS 11).
///
/// - Made with `.whenInUse` or `.always`, it asks for that authorization as
///   `requestWhenInUseAuthorization()` or `requestAlwaysAuthorization()` would: the scenario's
///   `authorization.location` answers at once and every manager's delegate hears of a change.
///   `.none` asks nothing.
/// - ``diagnostics`` yields the session's ``Diagnostic`` read from the authorization when it is
///   iterated, then waits until ``invalidate()`` ends it (Apple's sequence lasts as long as the
///   session): break out of the loop once the diagnostic answered the question.
/// - The simulation never requires a session: ``CLLocationUpdate/serviceSessionRequired`` and
///   ``Diagnostic/serviceSessionRequired`` are `false`, and updates come with or without one
///   (project rule, docs/swift-api.md#core-location).
@available(iOS 18.0, watchOS 11.0, *)
public final class CLServiceSession: @unchecked Sendable {
  /// The authorization a session asks for (Apple doc:
  /// https://developer.apple.com/documentation/corelocation/clservicesession-pt7n/authorizationrequirement).
  public enum AuthorizationRequirement: Sendable, Hashable {
    /// Asks nothing; met when the app already has authorization.
    case none
    /// When-in-use authorization.
    case whenInUse
    /// Always authorization.
    case always
  }

  /// The state of a session's authorization (Apple doc:
  /// https://developer.apple.com/documentation/corelocation/clservicesession-pt7n/diagnostic).
  public struct Diagnostic: Sendable {
    /// The user denied location access (the scenario's `authorization.location: "denied"`).
    public let authorizationDenied: Bool
    /// A session asking `.always` did not get always authorization (Apple doc:
    /// https://developer.apple.com/documentation/corelocation/clservicesessiondiagnostic/alwaysauthorizationdenied).
    public let alwaysAuthorizationDenied: Bool
    /// Location services are off for every app: `false`.
    public let authorizationDeniedGlobally: Bool
    /// A permission prompt is on screen: `false` (the scenario answers at once).
    public let authorizationRequestInProgress: Bool
    /// Restricted: `false`.
    public let authorizationRestricted: Bool
    /// A session with a full-accuracy purpose key has reduced accuracy only
    /// (`authorization.location: "reducedAccuracy"`).
    public let fullAccuracyDenied: Bool
    /// The app is not in use enough: `false`.
    public let insufficientlyInUse: Bool
    /// A session is required: `false` (the simulation never requires one).
    public let serviceSessionRequired: Bool
  }

  /// The diagnostics as an async sequence (Apple doc:
  /// https://developer.apple.com/documentation/corelocation/clservicesession-pt7n/diagnostics-swift.struct).
  public struct Diagnostics: AsyncSequence, Sendable {
    /// A diagnostic.
    public typealias Element = Diagnostic
    let stream: AsyncStream<Diagnostic>

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
  private let requirement: AuthorizationRequirement
  private let wantsFullAccuracy: Bool
  /// The session's diagnostics sequences.
  private let feed = DiagnosticsFeed()

  /// A session asking for `authorization` (Apple doc:
  /// https://developer.apple.com/documentation/corelocation/clservicesession-pt7n/init(authorization:)).
  /// Traps outside a simulation's `run`.
  public convenience init(authorization: AuthorizationRequirement) {
    self.init(authorization, fullAccuracy: false, call: #function)
  }

  /// A session asking for `authorization` and full accuracy for the purpose `fullAccuracyPurposeKey`
  /// names (Apple doc:
  /// https://developer.apple.com/documentation/corelocation/clservicesession-pt7n/init(authorization:fullaccuracypurposekey:)).
  /// The simulated user keeps the accuracy `authorization.location` gave, as for
  /// ``CLLocationManager/requestTemporaryFullAccuracyAuthorization(withPurposeKey:completion:)``.
  public convenience init(authorization: AuthorizationRequirement, fullAccuracyPurposeKey: String) {
    self.init(authorization, fullAccuracy: true, call: #function)
  }

  private init(_ requirement: AuthorizationRequirement, fullAccuracy: Bool, call: StaticString) {
    let simulation = AppSimulation.requireCurrent("CLServiceSession(authorization:)")
    self.simulation = simulation
    self.requirement = requirement
    wantsFullAccuracy = fullAccuracy
    let kind: CLAuthorizationStatus? =
      switch requirement {
      case .none: nil
      case .whenInUse: .authorizedWhenInUse
      case .always: .authorizedAlways
      }
    if let kind {
      CLLocationManager.request(
        kind, in: simulation,
        call: CallInFlight(function: call, fileID: #fileID, owner: "CLServiceSession"))
    }
  }

  /// The session's diagnostics: one now, then none until ``invalidate()`` ends the sequence
  /// (Apple doc:
  /// https://developer.apple.com/documentation/corelocation/clservicesession-pt7n/diagnostics-swift.property).
  public var diagnostics: Diagnostics {
    Diagnostics(stream: feed.stream(first: diagnostic()))
  }

  /// Ends the session and its diagnostics sequences (Apple doc:
  /// https://developer.apple.com/documentation/corelocation/clservicesession-pt7n/invalidate()).
  /// The authorization it got stays.
  public func invalidate() {
    feed.end()
  }

  /// The diagnostic of the authorization now.
  private func diagnostic() -> Diagnostic {
    let (status, accuracy) =
      simulation.map { simulation in
        CLLocationManager.read(simulation) { ($0.status, $0.accuracy) }
      } ?? (.notDetermined, .fullAccuracy)
    let authorized = status == .authorizedWhenInUse || status == .authorizedAlways
    return Diagnostic(
      authorizationDenied: status == .denied,
      alwaysAuthorizationDenied: requirement == .always && status != .authorizedAlways
        && status != .notDetermined,
      authorizationDeniedGlobally: false, authorizationRequestInProgress: false,
      authorizationRestricted: status == .restricted,
      fullAccuracyDenied: wantsFullAccuracy && authorized && accuracy == .reducedAccuracy,
      insufficientlyInUse: false, serviceSessionRequired: false)
  }
}
