import Testing
import WorkoutCore
import WorkoutScenario
import WorkoutSimTestSupport
import WorkoutSystem

private func decode(_ json: String) throws(ScenarioError) -> Scenario {
  try decodeScenario(json, fileName: "w.json")
}

private func errorPath(_ json: String) -> String? { invalidPath(json) }

@Suite("The watch key and the watch actions")
struct WatchDecodingTests {
  @Test("without a watch key every default applies")
  func defaults() throws {
    let scenario = try decode(#"{ "version": 1 }"#)
    #expect(scenario.watch == WatchConfiguration.standard)
    #expect(scenario.watch.returnToClock == .seconds(120))
    #expect(scenario.watch.backgroundGracePeriod == .seconds(10))
    #expect(scenario.watch.willExpireLeadTime == .seconds(30))
    #expect(scenario.watch.extendedRuntimeType == nil)
    #expect(scenario.watch.autoPause == nil)
  }

  @Test("every watch key")
  func everyKey() throws {
    let scenario = try decode(
      """
      { "version": 1, "watch": { "returnToClock": "1:00:00", "backgroundGracePeriod": 5.5,
        "extendedRuntimeType": "physicalTherapy", "willExpireLeadTime": "0:45",
        "autoPause": { "speedThreshold": 1.2, "pauseAfter": 4, "resumeAfter": 1,
                       "pausesSession": true } } }
      """)
    #expect(
      scenario.watch
        == WatchConfiguration(
          returnToClock: .seconds(3600), backgroundGracePeriod: .milliseconds(5500),
          extendedRuntimeType: .physicalTherapy, willExpireLeadTime: .seconds(45),
          autoPause: AutoPauseConfiguration(
            speedThreshold: 1.2, pauseAfter: .seconds(4), resumeAfter: .seconds(1),
            pausesSession: true)))
  }

  @Test("returnToClock never, an empty autoPause object, autoPause disabled")
  func neverAndAutoPause() throws {
    let never = try decode(
      #"{ "version": 1, "watch": { "returnToClock": "never", "autoPause": {} } }"#)
    #expect(never.watch.returnToClock == nil)
    #expect(never.watch.autoPause == AutoPauseConfiguration())
    let off = try decode(#"{ "version": 1, "watch": { "autoPause": { "enabled": false } } }"#)
    #expect(off.watch.autoPause == nil)
  }

  @Test("the watch actions decode in order")
  func actions() throws {
    let scenario = try decode(
      """
      { "version": 1, "watch": { "extendedRuntimeType": "smartAlarm" }, "timeline": [
        { "at": 0, "do": "wristDown" }, { "at": 1, "do": "wristUp" },
        { "at": 2, "do": "crownPress" }, { "at": 3, "do": "openApp" },
        { "at": 4, "do": "extendedRuntime", "op": "start" },
        { "at": 5, "do": "extendedRuntime", "op": "schedule", "for": "10:00" },
        { "at": 6, "do": "extendedRuntime", "op": "invalidate" },
        { "at": 7, "do": "extendedRuntime", "op": "acquire", "holder": "A" },
        { "at": 8, "do": "extendedRuntime", "op": "release", "holder": "A" } ] }
      """)
    #expect(
      scenario.timeline.map(\.kind) == [
        .app(.wristDown), .app(.wristUp), .app(.crownPress), .app(.openApp),
        .app(.extendedRuntime(.start)), .app(.extendedRuntime(.schedule(at: .seconds(600)))),
        .app(.extendedRuntime(.invalidate)), .app(.extendedRuntime(.acquire(holder: "A"))),
        .app(.extendedRuntime(.release(holder: "A"))),
      ])
    #expect(scenario.timeline.map(\.kind.name).suffix(5).allSatisfy { $0 == "extendedRuntime" })
  }

  @Test(
    "bad watch keys and actions name their JSON path",
    arguments: [
      (#"{ "version": 1, "watch": { "returnToClok": 1 } }"#, "watch.returnToClok"),
      (#"{ "version": 1, "watch": { "returnToClock": "always" } }"#, "watch.returnToClock"),
      (#"{ "version": 1, "watch": { "returnToClock": -5 } }"#, "watch.returnToClock"),
      (#"{ "version": 1, "watch": { "extendedRuntimeType": "x" } }"#, "watch.extendedRuntimeType"),
      (
        #"{ "version": 1, "watch": { "autoPause": { "speedThreshold": 0 } } }"#,
        "watch.autoPause.speedThreshold"
      ),
      (
        #"{ "version": 1, "timeline": [ { "at": 0, "do": "extendedRuntime", "op": "start" } ] }"#,
        "timeline[0].do"
      ),
      (
        #"{ "version": 1, "watch": { "extendedRuntimeType": "selfCare" }, "timeline": [ { "at": 0, "do": "extendedRuntime" } ] }"#,
        "timeline[0].op"
      ),
      (
        #"{ "version": 1, "watch": { "extendedRuntimeType": "smartAlarm" }, "timeline": [ { "at": 9, "do": "extendedRuntime", "op": "schedule", "for": 9 } ] }"#,
        "timeline[0].for"
      ),
      (
        #"{ "version": 1, "watch": { "extendedRuntimeType": "smartAlarm" }, "timeline": [ { "at": 0, "do": "extendedRuntime", "op": "start", "for": 9 } ] }"#,
        "timeline[0].for"
      ),
      (
        #"{ "version": 1, "watch": { "extendedRuntimeType": "selfCare" }, "timeline": [ { "at": 0, "do": "extendedRuntime", "op": "acquire" } ] }"#,
        "timeline[0].holder"
      ),
      (
        #"{ "version": 1, "timeline": [ { "at": 0, "do": "openApp", "op": "x" } ] }"#,
        "timeline[0].op"
      ),
    ])
  func errors(json: String, path: String) {
    #expect(errorPath(json) == path)
  }
}
