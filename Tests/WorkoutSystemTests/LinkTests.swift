import Testing
import WorkoutCore
import WorkoutSystem

/// The phone link's rules (docs/phone-link.md), each worked by hand.
@Suite struct LinkTests {
  // MARK: - F09

  /// F09: the phone is away from 0 to 600 s, its app in the background; the watch sends a
  /// message at 1 s and user info W1 at 2 s and W2 at 61 s.
  func f09Engine() -> WorkoutEngine<MovingSource> {
    var engine = linkEngine(
      LinkConfiguration(phoneApp: .background, away: [t(0)..<t(600)]), scripted: true)
    engine.perform(
      .link(.send(.message, from: .watch, payload: payload("\"W1\""), wantsReply: true)),
      at: t(1))
    engine.perform(
      .link(.send(.userInfo, from: .watch, payload: payload("\"W1\""), wantsReply: false)),
      at: t(2))
    engine.perform(
      .link(.send(.userInfo, from: .watch, payload: payload("\"W2\""), wantsReply: false)),
      at: t(61))
    return engine
  }

  @Test func f09MessageFailsAtOnceWhileAway() {
    let engine = f09Engine()
    // Transfer 1 is the message: away at 1 s, so 7007 at 1 s (1 000 ms), nothing delivered.
    #expect(engine.linkFailures == [Failure(ms: 1000, transfer: 1, code: .notReachable)])
    #expect(engine.code(of: 1) == 7007)
    #expect(!engine.linkIsReachable(.watch))
    #expect(!engine.linkIsConnected)
  }

  @Test func f09UserInfoWaitsAndArrivesInOrderOnce() {
    var engine = f09Engine()
    // Two queued at 61 s: transfers 2 (W1) and 3 (W2).
    #expect(engine.outstandingNumbers(from: .watch) == [2, 3])
    engine.advance(to: ms(600_999))
    #expect(engine.deliveries.isEmpty)
    #expect(engine.outstandingNumbers(from: .watch) == [2, 3])
    // Back in range at 600 s: deliverable then, delivered 600 + 1 s transfer latency = 601 s.
    engine.advance(to: t(601))
    #expect(
      engine.deliveries == [
        Delivery(ms: 601_000, transfer: 2, kind: .userInfo, to: .phone, text: "\"W1\""),
        Delivery(ms: 601_000, transfer: 3, kind: .userInfo, to: .phone, text: "\"W2\""),
      ])
    #expect(engine.outstandingNumbers(from: .watch).isEmpty)
    engine.advance(to: t(3600))
    #expect(engine.deliveries.count == 2)
    // The watch app runs: didFinish for each at 601 s.
    let finished = engine.linkEvents.filter {
      if case .finished(.userInfo, .watch) = $0.event.change { true } else { false }
    }
    #expect(finished.map(\.ms) == [601_000, 601_000])
    #expect(finished.map(\.event.transfer) == [2, 3])
  }

  @Test func f09ReachabilityComesBackAt600() {
    var engine = f09Engine()
    engine.advance(to: t(600))
    let changes = engine.linkEvents.compactMap { item -> (Int64, CompanionDevice, Bool)? in
      guard case .reachability(let device, let reachable) = item.event.change else { return nil }
      return (item.ms, device, reachable)
    }
    // Away from 0: nothing reachable before 600 s; at 600 s the watch side, then the phone side.
    #expect(changes.map(\.0) == [600_000, 600_000])
    #expect(changes.map(\.1) == [.watch, .phone])
    #expect(changes.map(\.2) == [true, true])
  }

  @Test func runsAreDeterministic() {
    var first = f09Engine()
    var second = f09Engine()
    first.finishRun(at: t(700))
    second.finishRun(at: t(700))
    #expect(first.log == second.log)
  }

  // MARK: - F10

  /// F10: the watch app is not running; the phone (in front) sets the context to 8000 at 0 and
  /// 12000 at 60 s; the app is opened at 300 s.
  func f10Engine() -> WorkoutEngine<MovingSource> {
    var engine = linkEngine(
      LinkConfiguration(phoneApp: .foreground, watchStartsNotRunning: true), scripted: true)
    engine.perform(
      .link(
        .send(
          .applicationContext, from: .phone, payload: payload("{\"stepGoal\":8000}"),
          wantsReply: false)), at: t(0))
    engine.perform(
      .link(
        .send(
          .applicationContext, from: .phone, payload: payload("{\"stepGoal\":12000}"),
          wantsReply: false)), at: t(60))
    return engine
  }

  @Test func f10LatestContextWinsAtLaunch() {
    var engine = f10Engine()
    #expect(engine.appState == .notRunning)
    // The 8000 context (transfer 1) is replaced at 60 s by transfer 2.
    let replaced = engine.linkEvents.filter {
      if case .contextReplaced(.phone) = $0.event.change { true } else { false }
    }
    #expect(replaced.map(\.ms) == [60_000])
    #expect(replaced.map(\.event.transfer) == [1])
    engine.advance(to: t(299))
    #expect(engine.deliveries.isEmpty)
    #expect(engine.receivedApplicationContext(on: .watch) == nil)
    engine.perform(.openApp, at: t(300))
    #expect(engine.appState == .active)
    engine.advance(to: ms(300_999))
    #expect(engine.deliveries.isEmpty)
    // Launched at 300 s: deliverable then, delivered 300 + 1 = 301 s; 8000 never.
    engine.advance(to: t(400))
    #expect(
      engine.deliveries == [
        Delivery(
          ms: 301_000, transfer: 2, kind: .applicationContext, to: .watch,
          text: "{\"stepGoal\":12000}")
      ])
    #expect(engine.receivedApplicationContext(on: .watch)?.text == "{\"stepGoal\":12000}")
  }

  /// The watch app's reflexes hear the context at its delivery (`didReceiveApplicationContext`),
  /// as a typed event at the delivery's instant: 301 s, the 12000 context only (8000 was
  /// replaced before it was deliverable), after its `delivered` event in the same step.
  @Test func f10TheWatchAppHearsTheContextAtItsDelivery() throws {
    var engine = f10Engine()
    engine.perform(.openApp, at: t(300))
    engine.advance(to: t(400))
    let app = try #require(engine.reflexes as? SampleApp)
    let contexts = app.events.filter {
      if case .applicationContextReceived = $0.1 { true } else { false }
    }
    #expect(contexts.map(\.0) == [ms(301_000)])
    #expect(
      contexts.map(\.1) == [
        .applicationContextReceived(to: .watch, payload: payload("{\"stepGoal\":12000}"))
      ])
  }

  @Test func f10FirstLaunchKeepsSessionZero() {
    var engine = f10Engine()
    engine.perform(.start, at: t(10))
    #expect(engine.errors.map(\.message) == ["The app is not running"])
    engine.perform(.openApp, at: t(300))
    engine.perform(.start, at: t(310))
    #expect(engine.sessionState(0) == .running)
    #expect(engine.currentSessionIndex == 0)
  }

  // MARK: - F11

  /// F11: 60 complication pushes every 10 min from 08:00 (t = 28 800 s, midnight at t = 0),
  /// budget 50, reset at the next midnight (86 400 s); the watch app starts not running.
  func f11Engine(enabled: Bool) -> (WorkoutEngine<MovingSource>, [Int]) {
    var engine = linkEngine(
      LinkConfiguration(
        complicationEnabled: enabled, phoneApp: .foreground, budgetResets: [t(86_400)],
        watchStartsNotRunning: true), scripted: true)
    var remaining: [Int] = []
    for k in Int64(1)...60 {
      engine.perform(
        .link(
          .send(
            .complicationUserInfo, from: .phone, payload: payload("{\"push\":\(k)}"),
            wantsReply: false)), at: t(28_800 + (k - 1) * 600))
      remaining.append(engine.remainingComplicationUserInfoTransfers)
    }
    return (engine, remaining)
  }

  @Test func f11BudgetSpentThenQueued() {
    var (engine, remaining) = f11Engine(enabled: true)
    // After push k ≤ 50: 50 − k; pushes 51-60: 0.
    #expect(remaining == (1...50).map { 50 - $0 } + Array(repeating: 0, count: 10))
    engine.advance(to: t(86_399))
    // Pushes 1-50 urgent: at 28 800 + (k − 1) × 600 + 0.1 s; push 50 at 28 800 + 29 400 =
    // 58 200 s (16:10) → 58 200.1 s. Pushes 51-60 are ordinary user-info transfers, delivered
    // the transfer latency after the send: push 51 at 28 800 + 50 × 600 = 58 800 s → 58 801 s,
    // push 60 at 28 800 + 59 × 600 = 64 200 s → 64 201 s.
    let delivered = engine.deliveries
    #expect(delivered.count == 60)
    let urgent: [Int64] = (0..<50).map { 28_800_100 + Int64($0) * 600_000 }
    let ordinary: [Int64] = (50..<60).map { 28_801_000 + Int64($0) * 600_000 }
    #expect(delivered.map(\.ms) == urgent + ordinary)
    #expect(delivered[49].ms == 58_200_100)
    #expect(delivered.last?.ms == 64_201_000)
    // The watch app was woken into the background for each (a launch for the first, then
    // from suspended, 10 s grace periods having passed): the urgent ones and the ordinary ones
    // alike (docs/phone-link.md#waking-the-watch-app).
    #expect(engine.appStates.filter { $0.3 == .watchConnectivity }.count == 60)
    #expect(engine.linkWakes == 60)
    #expect(engine.linkLaunches == 1)
    #expect(engine.outstandingNumbers(from: .phone).isEmpty)
    #expect(engine.remainingComplicationUserInfoTransfers == 0)
    engine.advance(to: t(86_400))
    #expect(engine.remainingComplicationUserInfoTransfers == 50)
  }

  @Test func f11NotOnTheFaceAllQueued() {
    var (engine, remaining) = f11Engine(enabled: false)
    #expect(remaining == Array(repeating: 0, count: 60))
    engine.advance(to: t(86_400))
    #expect(engine.deliveries.isEmpty)
    #expect(engine.outstandingNumbers(from: .phone) == Array(1...60))
    #expect(engine.appState == .notRunning)
    #expect(engine.remainingComplicationUserInfoTransfers == 0)
  }

  // MARK: - Waking the watch app

  /// Both sessions activated by hand at 0, the phone app in the background; the Digital Crown
  /// sends the watch app to the background at 1 s: suspended at 1 + 10 s grace = 11 s.
  func suspendedWatch() -> WorkoutEngine<MovingSource> {
    var engine = activated()
    engine.perform(.crownPress, at: t(1))
    engine.advance(to: t(50))
    return engine
  }

  @Test func queuedTransferWakesTheSuspendedWatchApp() {
    var engine = suspendedWatch()
    #expect(engine.appState == .suspended)
    engine.perform(
      .link(.send(.userInfo, from: .phone, payload: payload("{\"goal\":9000}"), wantsReply: false)),
      at: t(100))
    engine.advance(to: t(200))
    // Sent at 100, deliverable at once (the watch's session was activated at 0): due 100 + 1 s
    // transfer latency = 101 s, when the system wakes the app into the background and delivers
    // it; no task keeps the app alive here, so it is suspended at 101 + 10 s grace = 111 s.
    #expect(
      engine.deliveries == [
        Delivery(
          ms: 101_000, transfer: 1, kind: .userInfo, to: .watch, text: "{\"goal\":9000}")
      ])
    #expect(
      engine.appStates.filter { $0.0 >= 100 }.map { "\($0.0) \($0.2) \($0.3)" } == [
        "101 background watchConnectivity", "111 suspended gracePeriodEnded",
      ])
    #expect(engine.linkWakes == 1)
    #expect(engine.linkLaunches == 0)
  }

  @Test func applicationContextLaunchesTheWatchAppThatCrashed() {
    var engine = activated()
    engine.perform(.crash, at: t(50))
    engine.perform(
      .link(
        .send(
          .applicationContext, from: .phone, payload: payload("{\"stepGoal\":12000}"),
          wantsReply: false)), at: t(60))
    engine.advance(to: t(100))
    // Due 60 + 1 = 61 s: the system launches the app into the background (not with the wrist
    // up: a launch for content) and delivers the context; suspended at 61 + 10 = 71 s.
    #expect(engine.deliveries.map(\.ms) == [61_000])
    #expect(
      engine.appStates.map { "\($0.0) \($0.1)>\($0.2) \($0.3)" } == [
        "50 active>notRunning crash", "61 notRunning>background watchConnectivity",
        "71 background>suspended gracePeriodEnded",
      ])
    #expect(engine.linkWakes == 1)
    #expect(engine.linkLaunches == 1)
    #expect(engine.receivedApplicationContext(on: .watch)?.text == "{\"stepGoal\":12000}")
  }

  @Test func aMessageDoesNotWakeTheWatchApp() {
    var engine = suspendedWatch()
    engine.perform(
      .link(.send(.message, from: .phone, payload: payload("1"), wantsReply: false)), at: t(100))
    engine.advance(to: t(200))
    // The watch side is not reachable while the app is suspended: 7007 at the call.
    #expect(engine.linkFailures == [Failure(ms: 100_000, transfer: 1, code: .notReachable)])
    #expect(engine.appState == .suspended)
    #expect(engine.linkWakes == 0)
  }

  // MARK: - Messages

  /// Both sessions activated by hand (no scripted apps), the phone app in the background.
  func activated(_ link: LinkConfiguration = LinkConfiguration(phoneApp: .background))
    -> WorkoutEngine<MovingSource>
  {
    var engine = linkEngine(link)
    engine.perform(.link(.activate(.watch)), at: t(0))
    engine.perform(.link(.activate(.phone)), at: t(0))
    return engine
  }

  @Test func replyArrivesAfterTheLatency() {
    var engine = activated()
    #expect(engine.linkActivationState(.watch) == 2)
    #expect(engine.linkIsReachable(.watch) && engine.linkIsReachable(.phone))
    engine.perform(
      .link(.send(.message, from: .watch, payload: payload("\"hi\""), wantsReply: true)),
      at: t(10))
    let number = engine.lastTransferNumber
    #expect(number == 1)
    // Delivered 10 + 0.1 s; the phone replies at 11 s; the reply arrives 11 + 0.1 s.
    engine.perform(.link(.reply(transfer: number, payload: payload("\"ok\""))), at: t(11))
    engine.advance(to: t(20))
    #expect(
      engine.deliveries == [
        Delivery(ms: 10_100, transfer: 1, kind: .message, to: .phone, text: "\"hi\"")
      ])
    let replies = engine.linkEvents.filter {
      if case .replied(.watch, let body) = $0.event.change { body.text == "\"ok\"" } else { false }
    }
    #expect(replies.map(\.ms) == [11_100])
    #expect(engine.linkFailures.isEmpty)
  }

  @Test func noReplyTimesOut() {
    var engine = activated()
    engine.perform(
      .link(.send(.message, from: .watch, payload: payload("\"hi\""), wantsReply: true)),
      at: t(20))
    engine.advance(to: t(60))
    // Delivered 20.1 s; no reply within 5 s: 7012 at 25.1 s, and nothing else.
    #expect(engine.linkFailures == [Failure(ms: 25_100, transfer: 1, code: .messageReplyTimedOut)])
    // A reply after the timeout does nothing.
    engine.perform(.link(.reply(transfer: 1, payload: payload("1"))), at: t(61))
    engine.advance(to: t(70))
    #expect(
      !engine.linkEvents.contains {
        if case .replied = $0.event.change { true } else { false }
      })
  }

  @Test func scriptedReceiverRepliesAtOnce() {
    var engine = linkEngine(LinkConfiguration(phoneApp: .background), scripted: true)
    engine.perform(
      .link(.send(.message, from: .watch, payload: payload("\"W1\""), wantsReply: true)),
      at: t(10))
    engine.advance(to: t(11))
    // Delivered 10.1 s; the reply leaves at once and arrives 10.2 s.
    let replies = engine.linkEvents.compactMap { item -> (Int64, String)? in
      guard case .replied(.watch, let body) = item.event.change else { return nil }
      return (item.ms, body.text)
    }
    #expect(replies.map(\.0) == [10_200])
    #expect(replies.map(\.1) == ["{\"received\":\"W1\"}"])
  }

  /// A scripted phone app that is not running makes a call at 0: the call is its code running,
  /// so it runs (background) and activates before the call, and the message goes: delivered to
  /// the watch at 0.1, the scripted reply back at 0.2; its user info at 5 arrives at 6.
  @Test func aScriptedPhoneAppThatIsNotRunningActivatesBeforeItsCall() {
    var engine = linkEngine(LinkConfiguration(phoneApp: .notRunning), scripted: true)
    engine.perform(
      .link(.send(.message, from: .phone, payload: payload("1"), wantsReply: true)), at: t(0))
    engine.perform(
      .link(.send(.userInfo, from: .phone, payload: payload("2"), wantsReply: false)), at: t(5))
    engine.advance(to: t(10))
    #expect(engine.linkFailures.isEmpty)
    #expect(engine.phoneAppState == .background)
    #expect(
      engine.deliveries.map { [$0.ms, Int64($0.transfer ?? 0)] } == [[100, 1], [6_000, 2]])
    let replies = engine.linkEvents.compactMap { item -> Int64? in
      guard case .replied(.phone, _) = item.event.change else { return nil }
      return item.ms
    }
    #expect(replies == [200])
  }

  @Test func messageWakesThePhoneApp() {
    var engine = activated(LinkConfiguration(phoneApp: .notRunning))
    // The phone's activate() is the phone app's code: it runs (background) from then on.
    #expect(engine.phoneAppState == .background)
    engine.perform(.phone(.app(.notRunning)), at: t(5))
    #expect(engine.phoneAppState == .notRunning)
    // The watch side's reachability does not depend on the phone app.
    #expect(engine.linkIsReachable(.watch))
    engine.perform(
      .link(.send(.message, from: .watch, payload: payload("1"), wantsReply: false)), at: t(10))
    engine.advance(to: t(11))
    let states = engine.linkEvents.compactMap { item -> (Int64, PhoneAppState)? in
      guard case .phoneApp(let state) = item.event.change else { return nil }
      return (item.ms, state)
    }
    // Woken into the background at the delivery (10.1 s), before the delivery entry.
    #expect(states.map(\.0) == [0, 5000, 10_100])
    #expect(states.map(\.1) == [.background, .notRunning, .background])
    #expect(engine.deliveries.map(\.ms) == [10_100])
    #expect(engine.phoneAppState == .background)
  }

  @Test func linkDropBeforeDeliveryFails() {
    var engine = activated()
    engine.perform(
      .link(.send(.message, from: .watch, payload: payload("1"), wantsReply: true)), at: t(10))
    engine.perform(.phone(.away), at: ms(10_050))
    engine.advance(to: t(20))
    // Away at 10.05 s, before the delivery at 10.1 s: 7007 then, never delivered.
    #expect(engine.linkFailures == [Failure(ms: 10_050, transfer: 1, code: .notReachable)])
    #expect(engine.deliveries.isEmpty)
  }

  // MARK: - Reachability

  @Test func reachabilityFollowsRangeWiFiAndTheWatchApp() {
    var engine = activated()
    engine.perform(.phone(.away), at: t(100))
    engine.perform(.phone(.back), at: t(200))
    engine.perform(.phone(.away), at: t(300))
    engine.perform(.phone(.sameWiFi(true)), at: t(310))
    engine.perform(.phone(.sameWiFi(false)), at: t(320))
    engine.perform(.phone(.back), at: t(330))
    // The Digital Crown sends the app (no workout) to the background: not reachable.
    engine.perform(.crownPress, at: t(400))
    engine.perform(.openApp, at: t(410))
    let changes = engine.linkEvents.compactMap { item -> String? in
      guard case .reachability(let device, let reachable) = item.event.change else { return nil }
      return "\(item.ms / 1000) \(device.rawValue) \(reachable)"
    }
    #expect(
      changes == [
        "0 watch true", "0 phone true",
        "100 watch false", "100 phone false", "200 watch true", "200 phone true",
        "300 watch false", "300 phone false", "310 watch true", "310 phone true",
        "320 watch false", "320 phone false", "330 watch true", "330 phone true",
        "400 watch false", "400 phone false", "410 watch true", "410 phone true",
      ])
  }

  @Test func awayAndWiFiSpansApplyOnTime() {
    var engine = activated(
      LinkConfiguration(phoneApp: .background, away: [t(50)..<t(100)], sameWiFi: [t(70)..<t(80)]))
    engine.advance(to: t(200))
    let changes = engine.linkEvents.compactMap { item -> String? in
      guard case .reachability(.watch, let reachable) = item.event.change else { return nil }
      return "\(item.ms / 1000) \(reachable)"
    }
    // In range 0-50, away 50-70, Wi-Fi 70-80, away 80-100, back from 100.
    #expect(changes == ["0 true", "50 false", "70 true", "80 false", "100 true"])
  }

  // MARK: - Errors at the call

  @Test func refusedCallsGetApplesCodes() {
    var engine = linkEngine(LinkConfiguration(paired: false, phoneApp: .foreground))
    engine.perform(
      .link(.send(.userInfo, from: .watch, payload: payload("1"), wantsReply: false)), at: t(1))
    engine.perform(.link(.activate(.phone)), at: t(2))
    engine.perform(
      .link(.send(.userInfo, from: .phone, payload: payload("1"), wantsReply: false)), at: t(3))
    var other = linkEngine(LinkConfiguration(watchAppInstalled: false, phoneApp: .foreground))
    other.perform(.link(.activate(.phone)), at: t(0))
    other.perform(.link(.activate(.watch)), at: t(0))
    other.perform(
      .link(.send(.message, from: .phone, payload: payload("1"), wantsReply: false)), at: t(1))
    let big = LinkPayload(text: "x", byteCount: 65_537)
    other.perform(
      .link(.send(.applicationContext, from: .watch, payload: big, wantsReply: false)), at: t(2))
    other.perform(
      .link(.send(.complicationUserInfo, from: .watch, payload: payload("1"), wantsReply: false)),
      at: t(3))
    #expect(
      engine.linkFailures == [
        Failure(ms: 1000, transfer: 1, code: .sessionNotActivated),
        Failure(ms: 3000, transfer: 2, code: .deviceNotPaired),
      ])
    #expect(
      other.linkFailures == [
        Failure(ms: 1000, transfer: 1, code: .watchAppNotInstalled),
        Failure(ms: 2000, transfer: 2, code: .payloadTooLarge),
        Failure(ms: 3000, transfer: 3, code: .invalidParameter),
      ])
    #expect(
      LinkErrorCode.notReachable.message
        == "WatchConnectivity session on paired device is not reachable.")
    #expect(LinkErrorCode.allCases.map(\.rawValue) == Array(7001...7019))
  }

  // MARK: - Crash, relaunch, cancel

  @Test func queuedTransfersSurviveACrashAndFinishAtRelaunch() {
    var engine = activated(LinkConfiguration(phoneApp: .notRunning))
    engine.perform(.phone(.app(.notRunning)), at: t(1))
    engine.perform(
      .link(.send(.userInfo, from: .watch, payload: payload("\"a\""), wantsReply: false)),
      at: t(10))
    engine.perform(
      .link(.send(.message, from: .watch, payload: payload("\"m\""), wantsReply: true)),
      at: t(11))
    engine.perform(.crash, at: ms(11_050))
    engine.perform(.phone(.app(.foreground)), at: t(40))
    engine.advance(to: t(45))
    // The user info waits for the phone app (40 s) and arrives 41 s; the message's sender died
    // before its delivery (11.1 s): dropped, no callback.
    #expect(
      engine.deliveries == [
        Delivery(ms: 41_000, transfer: 1, kind: .userInfo, to: .phone, text: "\"a\"")
      ])
    #expect(engine.linkFailures.isEmpty)
    #expect(engine.outstandingNumbers(from: .watch).isEmpty)
    func finishes() -> [Int64] {
      engine.linkEvents.compactMap {
        if case .finished = $0.event.change { $0.ms } else { nil }
      }
    }
    // The watch app is not running at 41 s: its didFinish waits for the relaunch at 50 s.
    #expect(finishes().isEmpty)
    engine.perform(.relaunch(recover: false), at: t(50))
    #expect(finishes() == [50_000])
  }

  @Test func cancelRemovesOutstandingTransfers() {
    var engine = activated(LinkConfiguration(phoneApp: .notRunning))
    engine.perform(.phone(.app(.notRunning)), at: t(1))
    for second in Int64(2)...4 {
      engine.perform(
        .link(.send(.userInfo, from: .watch, payload: payload("\(second)"), wantsReply: false)),
        at: t(second))
    }
    engine.perform(
      .link(.send(.file, from: .watch, payload: payload("\"f.gpx\""), wantsReply: false)),
      at: t(5))
    #expect(engine.outstandingNumbers(from: .watch) == [1, 2, 3, 4])
    engine.perform(.link(.cancel(transfer: 2)), at: t(6))
    #expect(engine.outstandingNumbers(from: .watch) == [1, 3, 4])
    engine.perform(.link(.cancelAll(from: .watch)), at: t(7))
    #expect(engine.outstandingNumbers(from: .watch).isEmpty)
    engine.perform(.phone(.app(.foreground)), at: t(8))
    engine.advance(to: t(20))
    #expect(engine.deliveries.isEmpty)
    let cancelled = engine.linkEvents.compactMap {
      if case .cancelled = $0.event.change { $0.event.transfer } else { nil }
    }
    #expect(cancelled == [2, 1, 3, 4])
  }

  @Test func queuedDeliveryOrderContextThenUserInfoThenFiles() {
    var engine = activated(LinkConfiguration(phoneApp: .notRunning))
    engine.perform(.phone(.app(.notRunning)), at: t(1))
    engine.perform(
      .link(.send(.file, from: .watch, payload: payload("\"f\""), wantsReply: false)), at: t(2))
    engine.perform(
      .link(.send(.userInfo, from: .watch, payload: payload("\"u\""), wantsReply: false)),
      at: t(3))
    engine.perform(
      .link(.send(.applicationContext, from: .watch, payload: payload("\"c\""), wantsReply: false)),
      at: t(4))
    engine.perform(.phone(.app(.background)), at: t(10))
    engine.advance(to: t(20))
    // All three become deliverable at 10 s → 11 s: context, user info, file.
    #expect(engine.deliveries.map(\.text) == ["\"c\"", "\"u\"", "\"f\""])
    #expect(engine.deliveries.map(\.ms) == [11_000, 11_000, 11_000])
  }
}

extension WorkoutEngine {
  /// The WCError code of transfer `number`'s failure, or `nil`.
  fileprivate func code(of number: Int) -> Int? {
    linkFailures.first { $0.transfer == number }?.code.rawValue
  }
}
