import SimulationDriver
import WorkoutCore

extension WCSession {
  /// A folder for the phone app's data about the paired watch (iOS only; Apple doc:
  /// https://developer.apple.com/documentation/watchconnectivity/wcsession/watchdirectoryurl).
  ///
  /// On the phone's activated session, while a watch is paired (`phone.paired`) and the watch
  /// app is installed (`phone.watchAppInstalled`, the `watchApp` action): a folder of the
  /// simulation's own (`<tmp>/workout-sim-wc-…/WatchDirectory`, made when first read).
  /// `nil` before activation, without a paired watch or the watch app, and on the watch's
  /// session (the property is iOS-only). When the watch app is uninstalled (or the watch
  /// unpaired) the folder and its contents are deleted, as iOS deletes them.
  public var watchDirectoryURL: URL? {
    if released("watchDirectoryURL") { return nil }
    guard device == .phone, activationState != .notActivated else { return nil }
    let available = read {
      $0.linkPaired && $0.linkWatchAppInstalled
    } dead: {
      false
    }
    let folder = simulation.withLink { link, _ in link.watchDirectory }
    guard available else { return nil }
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }
}

extension WatchConnectivityState {
  /// The folder of ``WCSession/watchDirectoryURL``, beside the Inbox.
  var watchDirectory: URL {
    inbox.deletingLastPathComponent().appendingPathComponent("WatchDirectory", isDirectory: true)
  }

  /// Deletes the watch directory when the watch app is no longer installed or the watch no
  /// longer paired (a `watchState` change; iOS deletes it then).
  func removeWatchDirectoryIfGone(in state: AppSimulation.State) {
    let engine = state.session.workoutEngine
    guard !(engine.linkPaired && engine.linkWatchAppInstalled) else { return }
    try? FileManager.default.removeItem(at: watchDirectory)
  }
}
