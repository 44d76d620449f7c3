import SimulatedHealthKit
import SimulationDriver
import WorkoutSystem

extension AppSimulation {
  /// Launches the watch app's code as watchOS launches the app's process: makes its delegate
  /// with `makeDelegate`, sets it as `WKApplication.shared().delegate` and calls its
  /// ``WKApplicationDelegate/applicationDidFinishLaunching()``. At every relaunch after a crash
  /// (a timeline `relaunch`, the `crash` and `crash-recover` faults of `explore`,
  /// `relaunch()`) the new process gets a new delegate made the same way, on the
  /// main actor: `applicationDidFinishLaunching()`, then
  /// ``WKApplicationDelegate/handleActiveWorkoutRecovery()`` when the world relaunches the app
  /// for recovery (`recover: true`) and the crash left a workout session open (Apple doc of the
  /// call: https://developer.apple.com/documentation/watchkit/wkextensiondelegate/handleactiveworkoutrecovery()),
  /// then, for a launch into the foreground (the app active),
  /// ``WKApplicationDelegate/applicationWillEnterForeground()`` and
  /// ``WKApplicationDelegate/applicationDidBecomeActive()`` (docs/healthkit-behaviour.md#app-states).
  /// The crashed process's objects stay inert, so the app's code that survives a relaunch is
  /// only what the new delegate makes (docs/swift-api.md#crash-and-recovery). The system's
  /// launches of a not-running app into the background (a scheduled background refresh, the
  /// phone's `HKHealthStore.startWatchApp`, content from the phone's Watch Connectivity) make a
  /// new delegate the same way, and its `handle(_:)` gets what the launch was for after
  /// `applicationDidFinishLaunching()`.
  ///
  /// ```swift
  /// simulation.launchWatchApp { AppDelegate() }
  /// let app = { WKApplication.shared().delegate as! AppDelegate }   // the live process's
  /// try await app().manager.startWorkout()
  /// try await simulation.advance(by: .seconds(1200))                // crashes may relaunch it
  /// try await app().manager.endWorkout()
  /// ```
  ///
  /// A later call replaces the delegate and what relaunches make. Not part of WatchKit: a
  /// simulation control, in place of the app's `@main` entry point.
  ///
  /// - Parameter makeDelegate: makes the app's delegate, as the process's launch does (a
  ///   SwiftUI app's `@WKApplicationDelegateAdaptor`). The simulation keeps it for its
  ///   relaunches: a closure that holds the simulation strongly keeps it alive (capture it
  ///   `weak`, or read `AppSimulation.running` inside).
  @MainActor public func launchWatchApp(
    _ makeDelegate: @escaping @MainActor @Sendable () -> any WKApplicationDelegate
  ) {
    launchWatchApp(making: { .application(makeDelegate()) })
  }

  /// Launches the watch app's code with a delegate of the form before watchOS 7, a
  /// ``WKExtensionDelegate`` (read back as `WKExtension.shared().delegate`): as the form that
  /// makes a ``WKApplicationDelegate``, with the same calls at the same instants
  /// (docs/swift-api.md#watchkit). Not part of WatchKit.
  ///
  /// - Parameter makeDelegate: makes the app's extension delegate, at the launch and at every
  ///   relaunch.
  @available(watchOS, introduced: 2.0, deprecated: 9.2)
  @MainActor public func launchWatchApp(
    _ makeDelegate: @escaping @MainActor @Sendable () -> any WKExtensionDelegate
  ) {
    launchWatchApp(making: { .extension(makeDelegate()) })
  }

  /// `launchWatchApp(_:)` of a delegate of either protocol.
  @MainActor private func launchWatchApp(
    making makeDelegate: @escaping @MainActor @Sendable () -> WatchAppDelegate
  ) {
    let application = watchKitShared(\.application) { WKApplication(simulation: self) }
    launch(application, makeDelegate, recovering: false)
    state.withLock { state in
      state.relaunchListener = { [unowned self] recover, sessionLeftOpen in
        [
          {
            Task { @MainActor in
              self.launch(
                application, makeDelegate, recovering: recover && sessionLeftOpen,
                queued: true)
            }
          }
        ]
      }
    }
  }

  /// One launch of the app's process: a new delegate, `applicationDidFinishLaunching()`,
  /// `handleActiveWorkoutRecovery()` when `recovering`, the foreground calls when the app is
  /// active, then the delegate calls the system launched the process into the background for,
  /// if any (`handle(_:)` with a background refresh's tasks, a Watch Connectivity task, or the
  /// phone's workout configuration: `State.afterBackgroundLaunch(launched:_:)`).
  /// `queued`: a launch the relaunch listener queued, whose state is the one its `notRunning → X`
  /// change launched the app into (``WatchKitState/launchTargets``), not the engine's when it
  /// runs (a change at the launch's instant makes its own calls after it).
  @MainActor private func launch(
    _ application: WKApplication,
    _ makeDelegate: @MainActor () -> WatchAppDelegate, recovering: Bool, queued: Bool = false
  ) {
    // The process's code is the watch's, from the delegate's `init` on, whoever's task
    // launched it (docs/swift-api.md#whose-code-a-callback-runs-as).
    AppSimulation.$currentDevice.withValue(.watch) {
      let delegate = makeDelegate()
      application.appDelegate = delegate
      delegate.applicationDidFinishLaunching()
      if recovering { delegate.handleActiveWorkoutRecovery() }
      // Launched into the foreground: the calls of coming to the front, as the process's first.
      let state = launchState(queued: queued)
      for call in WatchLifecycleCall.launchCalls(into: state) { delegate.lifecycle(call) }
      // A process the system launched into the background gets what it was launched for now,
      // after the launch calls.
      for work in mutate({ $0.takeLaunchWork() }) { work() }
    }
  }

  /// The state a launch takes the app into: a queued launch's target
  /// (``WatchKitState/launchTargets``, taken), else the engine's state now.
  private func launchState(queued: Bool) -> AppState {
    state.withLock { state -> AppState in
      let target = state.withExtension(WatchKitState.self, of: self) { watchKit, _ -> AppState? in
        queued && !watchKit.launchTargets.isEmpty ? watchKit.launchTargets.removeFirst() : nil
      }
      return target ?? state.session.workoutEngine.appState
    }
  }
}
