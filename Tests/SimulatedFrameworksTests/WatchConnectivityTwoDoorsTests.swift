// THE LINK'S TWO DOORS: for every bundled scenario with link actions, a scripted pair of apps
// makes the scenario's WatchConnectivity calls through WCSession at their instants (the watch
// app's and the phone app's sessions, activated when each app runs, and the receiver of a
// message that expects a reply answering `{"received": <message>}` at once, as the command
// line's scripted apps do, docs/phone-link.md#the-scripted-apps), and the run's `link` log
// entries equal those of `Simulation.run` (the command line), but for `bytes` (the Swift door's
// payload size is the property list's, the command line's the JSON text's, docs/phone-link.md)
// and the order of the `activated` and `reachability` entries of one instant at which a session
// activates: the command line's scripted apps activate both sides in one step (both `activated`
// entries, then the reachability changes), the Swift door's app calls `activate()` on one side,
// then the other (each followed by its reachability changes).
import Foundation
import Testing
import WorkoutCore
import WorkoutScenario
import WorkoutSimTestSupport
import WorkoutSimulation
import WorkoutSystem

@testable import SimulatedHealthKit
@testable import SimulatedWatchConnectivity

@Suite struct WatchConnectivityTwoDoorsTests {
  /// Every bundled scenario file with a link action in its timeline.
  static let linkScenarios: [String] = bundledScenarioNames.filter { name in
    guard let scenario = try? bundledScenario(name) else { return false }
    return scenario.timeline.contains { action in
      if case .app(.link) = action.kind { return true }
      return false
    }
  }

  @Test func theFieldCasesAreCompared() {
    #expect(Self.linkScenarios.contains("f09-messages-while-away.json"))
    #expect(Self.linkScenarios.contains("f10-context-to-app-not-running.json"))
    #expect(Self.linkScenarios.contains("f11-complication-budget.json"))
  }

  @Test(arguments: linkScenarios)
  func wcSessionGivesTheCommandLinesLinkEntries(name: String) async throws {
    let scenario = try bundledScenario(name)
    let cli = activationOrder(linkLines(try Simulation.run(scenario)).map(withoutBytes))
    let api = activationOrder(linkLines(try await LinkScriptedApps.run(scenario)).map(withoutBytes))
    #expect(!cli.isEmpty, "\(name)")
    #expect(api == cli, "\(name)")
  }
}

/// `lines` with the `activated` and `reachability` entries of each instant that has an
/// `activated` entry sorted among their own places (every other entry stays where it is).
private func activationOrder(_ lines: [String]) -> [String] {
  func field(_ line: String, _ key: String) -> String? {
    guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
    else { return nil }
    return object[key].map { "\($0)" }
  }
  var result = lines
  let instants = Set(
    lines.filter { field($0, "change") == "activated" }.compactMap { field($0, "at") })
  for instant in instants {
    let places = lines.indices.filter { index in
      let change = field(lines[index], "change")
      return field(lines[index], "at") == instant
        && (change == "activated" || change == "reachability")
    }
    for (place, line) in zip(places, places.map { lines[$0] }.sorted()) { result[place] = line }
  }
  return result
}

/// A link entry's canonical JSON without its `bytes` member.
private func withoutBytes(_ line: String) -> String {
  guard var object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
  else { return line }
  object["bytes"] = nil
  return canonical(object)
}

/// The watch app and the phone app of a scenario, playing its link actions through WCSession.
enum LinkScriptedApps {
  static func run(_ scenario: Scenario) async throws -> RunResult {
    let simulation = try HealthKitSimulation(scenario: scenario)
    try await simulation.run {
      let apps = Apps(simulation: simulation)
      apps.activateRunning()
      for action in scenario.timeline {
        try await simulation.advance(to: simulation.date(of: action.at))
        if case .app(let call) = action.kind { try apps.perform(call) }
        apps.activateRunning()
      }
      await simulation.settle()
    }
    return simulation.result
  }

  /// The two apps' sessions: each activated once its app runs (the watch app's anew after a
  /// relaunch), with a delegate that replies to messages.
  final class Apps {
    let simulation: HealthKitSimulation
    var watch: WCSession?
    var phone: WCSession?
    var delegates: [LinkRecorder] = []

    init(simulation: HealthKitSimulation) { self.simulation = simulation }

    /// Activates each app's session once the app runs (the command line's scripted apps do
    /// the same at the same instants).
    func activateRunning() {
      let (watchRuns, phoneRuns) = simulation.state.withLock { state in
        state.session.withEngine { ($0.appIsRunning, $0.phoneAppState != .notRunning) }
      }
      if watchRuns, watch == nil || !(watch?.isAlive ?? false) {
        watch = make(.watch)
      }
      if phoneRuns, phone == nil { phone = make(.phone) }
    }

    private func make(_ device: HealthKitSimulation.Device) -> WCSession {
      let session = HealthKitSimulation.$currentDevice.withValue(device) { WCSession.default }
      let delegate = LinkRecorder(simulation)
      delegates.append(delegate)
      session.delegate = delegate
      session.activate()
      return session
    }

    func session(_ device: CompanionDevice) -> WCSession? {
      device == .watch ? watch : phone
    }

    func perform(_ call: AppAction) throws {
      guard case .link(let operation) = call else { return }
      switch operation {
      case .activate(let device):
        session(device)?.activate()
      case .send(let kind, let from, let payload, let wantsReply):
        guard let session = session(from) else { return }
        try send(kind, payload, wantsReply: wantsReply, from: session)
      case .reply:
        // The scripted receiver replies from its delegate.
        break
      case .cancel(let transfer):
        session(.watch)?.cancel(transfer)
      case .cancelAll(let device):
        guard let session = session(device) else { return }
        for transfer in session.outstandingUserInfoTransfers { transfer.cancel() }
        for transfer in session.outstandingFileTransfers { transfer.cancel() }
      }
    }

    /// The value of a payload's canonical JSON.
    private func value(_ payload: LinkPayload) throws -> Any {
      try JSONSerialization.jsonObject(with: Data(payload.text.utf8), options: .fragmentsAllowed)
    }

    private func dictionary(_ payload: LinkPayload) throws -> [String: Any] {
      try #require(try value(payload) as? [String: Any], "a payload that is not an object")
    }

    private func send(
      _ kind: LinkTransferKind, _ payload: LinkPayload, wantsReply: Bool, from session: WCSession
    ) throws {
      switch kind {
      case .message:
        session.sendMessage(
          try dictionary(payload), replyHandler: wantsReply ? { _ in } : nil, errorHandler: { _ in }
        )
      case .messageData:
        let text = try #require(try value(payload) as? String)
        session.sendMessageData(
          Data(text.utf8), replyHandler: wantsReply ? { _ in } : nil, errorHandler: { _ in })
      case .applicationContext:
        try? session.updateApplicationContext(try dictionary(payload))
      case .userInfo:
        session.transferUserInfo(try dictionary(payload))
      case .complicationUserInfo:
        session.transferCurrentComplicationUserInfo(try dictionary(payload))
      case .file:
        let object = try dictionary(payload)
        let name = try #require(object["file"] as? String)
        let folder = FileManager.default.temporaryDirectory
          .appendingPathComponent("wc-two-doors-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent(name)
        try Data(name.utf8).write(to: url)
        session.transferFile(url, metadata: object["metadata"] as? [String: Any])
      }
    }
  }
}
