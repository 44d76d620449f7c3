import SimulationDriver
import WorkoutCore
import WorkoutSystem

/// The world around the phone link, for tests (not Apple's API): the same changes as the
/// scenario's timeline words `phoneAway`, `phoneBack`, `sameWiFi`, `phoneApp`, `complication`
/// and `watchApp` (docs/scenario-format.md), performed by the engine at virtual now
/// (docs/phone-link.md). Each returns once the delegate calls it causes at this instant
/// (`sessionReachabilityDidChange`, `sessionWatchStateDidChange`, deliveries that were waiting)
/// have run.
extension AppSimulation {
  /// The phone leaves the watch's Bluetooth range now (the `phoneAway` action): the link is
  /// down unless both are on the same known Wi-Fi network (``setSameWiFi(_:)``); messages fail
  /// with `WCError.Code.notReachable` and queued transfers wait.
  public func phoneAway() async {
    await perform(.phone(.away))
  }

  /// The phone is back in the watch's Bluetooth range now (the `phoneBack` action): waiting
  /// transfers are delivered a transfer latency later (default 1 s).
  public func phoneBack() async {
    await perform(.phone(.back))
  }

  /// Whether the watch and the phone are on the same known Wi-Fi network from now (the
  /// `sameWiFi` action): connected over Wi-Fi while the phone is away.
  public func setSameWiFi(_ on: Bool) async {
    await perform(.phone(.sameWiFi(on)))
  }

  /// The iPhone app's process state from now (the `phoneApp` action): `foreground`,
  /// `background` (both receive WatchConnectivity deliveries) or `notRunning` (transfers wait
  /// until it runs; a message from the watch wakes it into the background). The phone's
  /// `WCSession.default` object stays the same: the test's phone-side objects stand for the
  /// app's code whenever it runs.
  public func setPhoneApp(_ state: WorkoutSystem.PhoneAppState) async {
    await perform(.phone(.app(state)))
  }

  /// Whether the app's complication is on the active watch face from now (the `complication`
  /// action): `WCSession.isComplicationEnabled`, the complication budget
  /// (`remainingComplicationUserInfoTransfers`), and `sessionWatchStateDidChange` on the phone.
  public func setComplicationEnabled(_ enabled: Bool) async {
    await perform(.phone(.complicationEnabled(enabled)))
  }

  /// Whether the watch app is installed from now (the `watchApp` action):
  /// `WCSession.isWatchAppInstalled`, phone-side sends (`watchAppNotInstalled` while it is
  /// not), and `sessionWatchStateDidChange` on the phone.
  public func setWatchAppInstalled(_ installed: Bool) async {
    await perform(.phone(.watchAppInstalled(installed)))
  }
}
