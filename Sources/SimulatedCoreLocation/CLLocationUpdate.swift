import Foundation
import SimulatedCoreLocationValues
import SimulationDriver

/// One live update, Core Location's `CLLocationUpdate` (Apple doc:
/// https://developer.apple.com/documentation/corelocation/cllocationupdate): a location, or
/// `nil` with the reason in the diagnostic properties.
@available(macOS 14.0, iOS 17.0, watchOS 10.0, *)
public struct CLLocationUpdate: Sendable {
  /// The location, or `nil` (indoors, a `sensors.location` dropout, denied).
  public let location: CLLocation?
  /// Whether the body stands still (the fix's speed is 0).
  public let isStationary: Bool
  /// The user denied location access.
  public let authorizationDenied: Bool
  /// Location services are off for every app: `false`.
  public let authorizationDeniedGlobally = false
  /// A permission prompt is on screen: `false` (the scenario answers at once).
  public let authorizationRequestInProgress = false
  /// Restricted: `false`.
  public let authorizationRestricted = false
  /// The app is not in use enough for updates: `false`.
  public let insufficientlyInUse = false
  /// No fix right now (indoors, or a `sensors.location` dropout: a tunnel, under water; Apple
  /// doc: https://developer.apple.com/documentation/corelocation/cllocationupdate/locationunavailable).
  public let locationUnavailable: Bool
  /// The location has reduced accuracy.
  public let accuracyLimited: Bool
  /// A service session is required: `false`.
  public let serviceSessionRequired = false

  /// ``isStationary`` under its iOS 18 name.
  public var stationary: Bool { isStationary }

  init(
    location: CLLocation?, isStationary: Bool = false, authorizationDenied: Bool = false,
    locationUnavailable: Bool = false, accuracyLimited: Bool = false
  ) {
    self.location = location
    self.isStationary = isStationary
    self.authorizationDenied = authorizationDenied
    self.locationUnavailable = locationUnavailable
    self.accuracyLimited = accuracyLimited
  }

  /// What the updates are for (Apple doc:
  /// https://developer.apple.com/documentation/corelocation/cllocationupdate/liveconfiguration):
  /// kept, without effect on the fixes.
  public enum LiveConfiguration: Sendable, Hashable {
    /// Unspecified.
    case `default`
    /// Driving on roads.
    case automotiveNavigation
    /// Other navigation.
    case otherNavigation
    /// Fitness sessions.
    case fitness
    /// In the air.
    case airborne
  }

  /// The updates of `configuration` as an async sequence (Apple doc:
  /// https://developer.apple.com/documentation/corelocation/cllocationupdate/liveupdates(_:)):
  /// from the call on, an update at every fix instant (see ``CLLocationManager``'s rules; in
  /// the background a running workout session or nothing), ending when the iteration does.
  /// The first call asks for when-in-use authorization if the app has not asked; denied, one
  /// update with ``authorizationDenied`` and no location. Traps outside a simulation's `run`.
  public static func liveUpdates(_ configuration: LiveConfiguration = .default) -> Updates {
    let simulation = AppSimulation.requireCurrent(
      "CLLocationUpdate.liveUpdates()", deviceDependent: true)
    let device = AppSimulation.device
    let (stream, continuation) = AsyncStream<CLLocationUpdate>.makeStream()
    let denied = simulation.mutate { state -> Bool in
      state.withExtension(CoreLocationState.self, of: simulation) { location, state in
        _ = location.request(.authorizedWhenInUse)
        guard location.isAuthorized else { return true }
        location.prepare(&state)
        let now = state.session.now
        let number = location.nextLive
        location.nextLive += 1
        let next = location.plan.map { $0.isFix(now) ? now : $0.nextFix(after: now) } ?? nil
        location.live.append(
          (
            number,
            CoreLocationState.Live(
              device: device, generation: state.processGeneration(of: device),
              continuation: continuation,
              next: next)
          ))
        let weak = WeakSimulation(simulation)
        continuation.onTermination = { _ in
          guard let simulation = weak.object else { return }
          simulation.mutate { state in
            state.withExtension(CoreLocationState.self, of: simulation) { location, _ in
              location.live.removeAll { $0.key == number }
            }
          }
        }
        return false
      }
    }
    let timer = CoreLocationTimer(simulation)
    simulation.addSystemTimer(key: ObjectIdentifier(CoreLocationState.self), timer)
    if denied {
      continuation.yield(CLLocationUpdate(location: nil, authorizationDenied: true))
    } else {
      let callbacks = simulation.mutate { state in
        timer.fire(at: state.session.now, state: &state)
      }
      simulation.enqueue(
        callbacks,
        owedBy: CallInFlight(function: #function, fileID: #fileID, owner: "CLLocationUpdate"))
    }
    return Updates(stream: stream)
  }

  /// The async sequence of updates (Apple doc:
  /// https://developer.apple.com/documentation/corelocation/cllocationupdate/updates).
  public struct Updates: AsyncSequence, Sendable {
    /// An update.
    public typealias Element = CLLocationUpdate
    let stream: AsyncStream<CLLocationUpdate>

    /// The iterator.
    public func makeAsyncIterator() -> Iterator { Iterator(base: stream.makeAsyncIterator()) }

    /// The iterator of ``Updates``.
    public struct Iterator: AsyncIteratorProtocol {
      var base: AsyncStream<CLLocationUpdate>.Iterator

      /// The next update, or `nil` when the sequence ended.
      public mutating func next() async throws -> CLLocationUpdate? { await base.next() }
    }
  }
}
