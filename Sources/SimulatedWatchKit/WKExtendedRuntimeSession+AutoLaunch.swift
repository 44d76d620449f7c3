import SimulationDriver
import WorkoutSystem

/// What the person chose for the app's auto-launch, WatchKit's
/// `WKExtendedRuntimeSessionAutoLaunchAuthorizationStatus` (watchOS 9; Apple doc:
/// https://developer.apple.com/documentation/watchkit/wkextendedruntimesessionautolaunchauthorizationstatus).
///
/// An `Int` enumeration, as Apple declares it: the page lists `init?(rawValue: Int)` and
/// `RawRepresentable`, and the Objective-C declaration is `enum
/// WKExtendedRuntimeSessionAutoLaunchAuthorizationStatus : NSInteger`. Apple's pages publish
/// the cases but not their values; the simulation numbers them in the order of its
/// declaration, `unknown` 0, `inactive` 1, `active` 2 (a project rule, not checked against the
/// SDK header: switch over the cases rather than store the raw value).
public enum WKExtendedRuntimeSessionAutoLaunchAuthorizationStatus: Int, Sendable, Hashable,
  CaseIterable
{
  /// The status is not known (Apple doc:
  /// https://developer.apple.com/documentation/watchkit/wkextendedruntimesessionautolaunchauthorizationstatus/unknown).
  case unknown
  /// The app is not the one that launches automatically (Apple doc:
  /// https://developer.apple.com/documentation/watchkit/wkextendedruntimesessionautolaunchauthorizationstatus/inactive).
  case inactive
  /// The app is the one that launches automatically (Apple doc:
  /// https://developer.apple.com/documentation/watchkit/wkextendedruntimesessionautolaunchauthorizationstatus/active).
  case active
}

extension WKExtendedRuntimeSession {
  /// Asks for the app to be launched automatically when the system's conditions for its session
  /// type are met (watchOS 9; Apple doc:
  /// https://developer.apple.com/documentation/watchkit/wkextendedruntimesession/requestautolaunchauthorizationstatus(completion:)).
  ///
  /// In the simulation no session type supports auto-launch: `completion` gets
  /// ``WKExtendedRuntimeSessionAutoLaunchAuthorizationStatus/unknown`` and an `NSError` in
  /// ``WKExtendedRuntimeSessionErrorDomain`` with code
  /// ``WKExtendedRuntimeSessionErrorCode/unsupportedSessionType`` (10), on the main actor at the
  /// next delivery, and no prompt is shown. A project rule: Apple's page documents only the
  /// signature; the SDK header's comment says the completion gets an error "if the
  /// application's session type does not support auto-launch", and Apple publishes neither
  /// which types do nor what the system's conditions are, so the simulation takes the documented
  /// error path (docs/healthkit-behaviour.md#extended-runtime-sessions). Traps outside a
  /// simulation's `run`.
  public class func requestAutoLaunchAuthorizationStatus(
    completion:
      @escaping @Sendable (WKExtendedRuntimeSessionAutoLaunchAuthorizationStatus, (any Error)?)
      -> Void
  ) {
    let simulation = AppSimulation.requireCurrent(
      "WKExtendedRuntimeSession.requestAutoLaunchAuthorizationStatus(completion:)")
    simulation.enqueue(of: "WKExtendedRuntimeSession") {
      AppSimulation.onMainActor { completion(.unknown, autoLaunchError) }
    }
  }

  /// The async form Swift imports of ``requestAutoLaunchAuthorizationStatus(completion:)``
  /// (Apple doc:
  /// https://developer.apple.com/documentation/watchkit/wkextendedruntimesession/requestautolaunchauthorizationstatus(completion:)).
  ///
  /// - Throws: always, in the simulation: the `NSError` the completion-handler form gets
  ///   (``WKExtendedRuntimeSessionErrorDomain``, code
  ///   ``WKExtendedRuntimeSessionErrorCode/unsupportedSessionType``), after the next delivery.
  public class func requestAutoLaunchAuthorizationStatus() async throws
    -> WKExtendedRuntimeSessionAutoLaunchAuthorizationStatus
  {
    let simulation = AppSimulation.requireCurrent(
      "WKExtendedRuntimeSession.requestAutoLaunchAuthorizationStatus()")
    await simulation.deliver(of: "WKExtendedRuntimeSession")
    throw autoLaunchError
  }

  /// The error of an auto-launch request: no session type supports auto-launch here.
  static var autoLaunchError: NSError {
    NSError(
      domain: WKExtendedRuntimeSessionErrorDomain,
      code: WKExtendedRuntimeSessionErrorCode.unsupportedSessionType.rawValue,
      userInfo: [
        NSLocalizedDescriptionKey:
          "The session type does not support auto-launch: workout-sim simulates no auto-launch (Apple publishes neither the session types that support it nor the conditions that launch the app); handle the error as the app's path where auto-launch is unavailable"
      ])
  }
}
