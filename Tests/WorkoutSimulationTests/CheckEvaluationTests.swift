import Testing
import WorkoutJSON
import WorkoutScenario
import WorkoutSimTestSupport
import WorkoutSimulation

@Suite struct CheckEvaluationTests {
  /// A small run result in the shape of docs/run-result.md.
  static let result = object([
    "format": .string("workout-sim.result"),
    "records": .array([
      object([
        "activityType": .string("running"),
        "duration": .number(747),
        "events": .array([
          object(["at": .number(600), "type": .string("pause")]),
          object(["at": .number(660), "type": .string("resume")]),
        ]),
        "metadata": object(["HKIndoorWorkout": .bool(false)]),
        "statistics": object(["heartRate": object(["average": .number(148.2)])]),
        "samples": object([
          "heartRate": .array([
            .array([.number(0), .number(96)]), .array([.number(5), .number(101)]),
          ])
        ]),
        "note": .null,
      ])
    ]),
    "errors": .array([
      object(["action": .string("pause"), "at": .number(600), "code": .string("invalidArgument")]),
      object(["action": .string("end"), "at": .number(700), "code": .string("invalidArgument")]),
      object(["action": .string("pause"), "at": .number(800), "code": .string("noSession")]),
    ]),
    "probes": .array([object(["at": .number(720), "heartRate": .number(151)])]),
    "log": .array([]),
  ])

  private func check(_ selector: Check.Selector, _ comparison: Check.Comparison) -> CheckOutcome {
    evaluate(
      Check(selector: selector, comparison: comparison, location: "expect[0]"), in: Self.result)
  }

  private func failure(selector: String, expected: String, actual: String) -> CheckOutcome {
    .failed(
      CheckFailure(location: "expect[0]", selector: selector, expected: expected, actual: actual))
  }

  @Test func elementPathsWithIndexes() {
    #expect(
      check(.element(.records, index: 0, path: "events[1].type"), .equals(.string("resume")))
        == .passed)
    #expect(
      check(
        .element(.records, index: 0, path: "statistics.heartRate.average"), .equals(.number(148.2)))
        == .passed)
    #expect(
      check(.element(.records, index: 0, path: "samples.heartRate[1][1]"), .equals(.number(101)))
        == .passed)
    #expect(
      check(.element(.records, index: 0, path: "metadata.HKIndoorWorkout"), .equals(.bool(false)))
        == .passed)
    #expect(check(.element(.probes, index: 0, path: "heartRate"), .between(150, 151)) == .passed)
    #expect(check(.element(.errors, index: 1, path: "action"), .equals(.string("end"))) == .passed)
    // The empty path selects the element itself.
    #expect(
      check(
        .element(.probes, index: 0, path: ""),
        .equals(object(["heartRate": .number(151), "at": .number(720)]))) == .passed)
  }

  @Test func equalsFailureNamesSelectorExpectedAndActual() {
    let outcome = check(
      .element(.records, index: 0, path: "activityType"), .equals(.string("cycling")))
    #expect(
      outcome
        == failure(
          selector: "records[0].activityType", expected: #"equals "cycling""#, actual: #""running""#
        ))
    if case .failed(let failure) = outcome {
      #expect(
        failure.message
          == #"expect[0]: records[0].activityType: expected equals "cycling", actual "running""#)
    }
  }

  /// A JSON string never equals a number, however it reads (docs/scenario-format.md#checks;
  /// new-user trial 27): `"747"` against the duration 747 fails, and the failure names both
  /// types, since `"747"` and 747 would print alike; so does `"false"` against `false`.
  /// `"747.0"` parses as 747 too. A string that reads as no number keeps the plain failure.
  @Test func aStringNeverEqualsANumber() {
    let tail = " (a JSON string never equals a number or a boolean)"
    #expect(
      check(.element(.records, index: 0, path: "duration"), .equals(.string("747")))
        == failure(
          selector: "records[0].duration", expected: #"equals the string "747""#,
          actual: "the number 747" + tail))
    #expect(
      check(.element(.records, index: 0, path: "duration"), .equals(.string("747.0")))
        == failure(
          selector: "records[0].duration", expected: #"equals the string "747.0""#,
          actual: "the number 747" + tail))
    #expect(
      check(
        .element(.records, index: 0, path: "metadata.HKIndoorWorkout"), .equals(.string("false")))
        == failure(
          selector: "records[0].metadata.HKIndoorWorkout", expected: #"equals the string "false""#,
          actual: "the boolean false" + tail))
    #expect(
      check(.element(.records, index: 0, path: "activityType"), .equals(.number(7)))
        == failure(selector: "records[0].activityType", expected: "equals 7", actual: #""running""#)
    )
    if case .failed(let failure) = check(
      .element(.records, index: 0, path: "duration"), .equals(.string("747")))
    {
      #expect(
        failure.message
          == #"expect[0]: records[0].duration: expected equals the string "747", actual the number 747"#
          + tail)
    }
  }

  @Test func numbersEqualWithinOneBillionthRelative() {
    // 148.2 × 1e-9 = 1.482e-7: a difference of 1e-7 is inside, 2e-7 is outside.
    #expect(
      check(
        .element(.records, index: 0, path: "statistics.heartRate.average"),
        .equals(.number(148.2000001))) == .passed)
    #expect(
      check(
        .element(.records, index: 0, path: "statistics.heartRate.average"),
        .equals(.number(148.2000002)))
        == failure(
          selector: "records[0].statistics.heartRate.average", expected: "equals 148.2000002",
          actual: "148.2"))
    #expect(numbersMatch(0, 0))
    #expect(!numbersMatch(0, 1e-300))
    // At 1e20 the tolerance is about 1e-9 × 1e20 = 1e11: 5e10 apart is inside, 2e11 outside.
    #expect(numbersMatch(1e20, 1e20 + 5e10))
    #expect(!numbersMatch(1e20, 1e20 + 2e11))
    // Inside arrays and objects too; a number never equals a string.
    #expect(
      jsonValuesMatch(
        .array([.number(1), .number(2)]), .array([.number(1.0000000001), .number(2)])))
    #expect(!jsonValuesMatch(.number(1), .string("1")))
    #expect(!jsonValuesMatch(.array([.number(1)]), .array([.number(1), .number(1)])))
  }

  @Test func betweenIsInclusiveAndNeedsANumber() {
    let path = Check.Selector.element(.records, index: 0, path: "duration")
    #expect(check(path, .between(747, 800)) == .passed)
    #expect(check(path, .between(700, 747)) == .passed)
    #expect(
      check(path, .between(747.5, 800))
        == failure(
          selector: "records[0].duration", expected: "between 747.5 and 800", actual: "747"))
    #expect(
      check(.element(.records, index: 0, path: "activityType"), .between(0, 1))
        == failure(
          selector: "records[0].activityType", expected: "between 0 and 1", actual: #""running""#))
  }

  @Test func absent() {
    #expect(check(.element(.records, index: 0, path: "totalDistance"), .absent) == .passed)
    // An element past the end is a mistake in the check: it fails, `absent` included. The
    // fixture result has one record and an empty log.
    #expect(
      check(.element(.records, index: 1, path: "duration"), .absent)
        == failure(
          selector: "records[1].duration", expected: "absent",
          actual: "no records[1] (the run has 1)"))
    #expect(check(.element(.records, index: 0, path: "events[5]"), .absent) == .passed)
    #expect(check(.element(.records, index: 0, path: "duration.value"), .absent) == .passed)
    // null exists.
    #expect(
      check(.element(.records, index: 0, path: "note"), .absent)
        == failure(selector: "records[0].note", expected: "absent", actual: "null"))
    #expect(
      check(.element(.records, index: 0, path: "events"), .absent)
        == failure(
          selector: "records[0].events", expected: "absent",
          actual: #"[{"at":600,"type":"pause"},{"at":660,"type":"resume"}]"#))
    // A missing value never equals anything.
    #expect(
      check(.element(.records, index: 0, path: "kind"), .equals(.null))
        == failure(
          selector: "records[0].kind", expected: "equals null",
          actual:
            #"absent (no member "kind" (members: activityType, duration, events, metadata, statistics, samples, note))"#
        ))
    #expect(
      check(.element(.log, index: 0, path: "kind"), .equals(.null))
        == failure(
          selector: "log[0].kind", expected: "equals null", actual: "no log[0] (the run has 0)"))
  }

  /// A typo in a path names the member it missed and the closest one (the scenario reader's
  /// rule: within 2 edits, ignoring case): "statistcs" is 1 edit from "statistics", "avrage" 1
  /// from "average"; a miss deeper in the path names the member at its own level.
  @Test func aTypoInAPathSuggestsTheClosestMember() {
    #expect(
      check(.element(.records, index: 0, path: "statistcs.heartRate.average"), .equals(.number(1)))
        == failure(
          selector: "records[0].statistcs.heartRate.average", expected: "equals 1",
          actual: #"absent (no member "statistcs"; did you mean "statistics"?)"#))
    #expect(
      check(
        .element(.records, index: 0, path: "statistics.heartRate.avrage"), .between(140, 150))
        == failure(
          selector: "records[0].statistics.heartRate.avrage", expected: "between 140 and 150",
          actual: #"absent (no member "avrage"; did you mean "average"?)"#))
    // An index past the end is no member miss: no hint.
    #expect(
      check(.element(.records, index: 0, path: "events[5].type"), .equals(.string("pause")))
        == failure(
          selector: "records[0].events[5].type", expected: #"equals "pause""#, actual: "absent"))
  }

  @Test func countWithAndWithoutWhere() {
    #expect(check(.count(.errors, where: [:]), .equals(.number(3))) == .passed)
    #expect(
      check(.count(.errors, where: ["action": .string("pause")]), .equals(.number(2))) == .passed)
    #expect(
      check(
        .count(.errors, where: ["action": .string("pause"), "code": .string("noSession")]),
        .equals(.number(1))) == .passed)
    #expect(
      check(.count(.errors, where: ["at": .number(600.0000000001)]), .equals(.number(1))) == .passed
    )
    #expect(check(.count(.log, where: [:]), .between(0, 0)) == .passed)
    #expect(
      check(.count(.records, where: ["events[0].type": .string("pause")]), .equals(.number(1)))
        == .passed)
    #expect(
      check(.count(.errors, where: ["action": .string("end")]), .equals(.number(2)))
        == failure(
          selector: #"count(errors where {"action":"end"})"#, expected: "equals 2", actual: "1"))
    #expect(
      check(.count(.probes, where: [:]), .equals(.number(0)))
        == failure(selector: "count(probes)", expected: "equals 0", actual: "1"))
  }

  /// A check that reached evaluation without the decoder or `Scenario`'s initializer (a
  /// `scenario.expect` set afterwards) with a `where` key no error has fails with the rule's
  /// message, instead of counting 0 and passing `equals 0` (new-user trial 18).
  @Test func aConditionKeyNoElementHasFails() {
    #expect(
      check(.count(.errors, where: ["acton": .string("pause")]), .equals(.number(0)))
        == failure(
          selector: #"count(errors where {"acton":"pause"})"#, expected: "equals 0",
          actual:
            #"invalid where key "acton": an error has no member "acton", so this key matches nothing (expected one of action, at, code, device, domain, message); did you mean "action"?"#
        ))
  }

  /// `except` takes out the elements that match all of its members. Of the three errors
  /// (pause 600 invalidArgument, end 700 invalidArgument, pause 800 noSession): without the
  /// noSession one 3 − 1 = 2; the pauses without it 2 − 1 = 1; without the one error that is
  /// both a pause and invalidArgument 3 − 1 = 2 (an element must match every member to go).
  @Test func countExcept() {
    #expect(
      check(
        .count(.errors, where: [:], except: ["code": .string("noSession")]), .equals(.number(2)))
        == .passed)
    #expect(
      check(
        .count(
          .errors, where: ["action": .string("pause")], except: ["code": .string("noSession")]),
        .equals(.number(1))) == .passed)
    #expect(
      check(
        .count(
          .errors, where: [:],
          except: ["action": .string("pause"), "code": .string("invalidArgument")]),
        .equals(.number(2))) == .passed)
    // The text names both objects, each with its members in key order.
    #expect(
      check(
        .count(
          .errors, where: ["action": .string("pause")],
          except: ["code": .string("noSession"), "at": .number(800)]),
        .equals(.number(0)))
        == failure(
          selector: #"count(errors where {"action":"pause"} except {"at":800,"code":"noSession"})"#,
          expected: "equals 0", actual: "1"))
    #expect(
      check(.count(.errors, where: [:], except: ["a..b": .null]), .equals(.number(0)))
        == failure(
          selector: #"count(errors except {"a..b":null})"#, expected: "equals 0",
          actual: "invalid path in where or except"))
  }

  @Test(arguments: [
    ("events[0].type", [CheckPathComponent.member("events"), .index(0), .member("type")]),
    (
      "statistics.heartRate.average",
      [.member("statistics"), .member("heartRate"), .member("average")]
    ),
    ("samples.heartRate[3][1]", [.member("samples"), .member("heartRate"), .index(3), .index(1)]),
    ("[2].x", [.index(2), .member("x")]),
    ("", []),
  ])
  func paths(path: String, components: [CheckPathComponent]) {
    #expect(parseCheckPath(path) == components)
  }

  @Test(arguments: ["a..b", "a.", ".a", "a[", "a[x]", "a[]", "a[1]b", "a.[0]", "a[-1]"])
  func malformedPaths(path: String) {
    #expect(parseCheckPath(path) == nil)
    #expect(
      check(.element(.records, index: 0, path: path), .absent)
        == failure(
          selector: describeSelector(
            Check(
              selector: .element(.records, index: 0, path: path), comparison: .absent, location: "")
          ), expected: "absent", actual: "invalid path '\(path)'"))
  }
}
