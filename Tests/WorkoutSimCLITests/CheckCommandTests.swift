import Foundation
import Testing
import WorkoutJSON
import WorkoutScenario
import WorkoutSimCLI
import WorkoutSimTestSupport
import WorkoutSimulation

#if canImport(FoundationXML)
  import FoundationXML
#endif

@Suite struct CheckCommandTests {
  static let result = object([
    "records": .array([object(["activityType": .string("running"), "duration": .number(747)])]),
    "errors": .array([]),
  ])

  static let passing = Check(
    selector: .element(.records, index: 0, path: "activityType"),
    comparison: .equals(.string("running")), location: "expect[0]")
  static let failing = Check(
    selector: .element(.records, index: 0, path: "duration"), comparison: .between(740, 745),
    location: "expect[1]")

  /// Decode+run stand-in: file names choose the outcome.
  static let checkScenario: @Sendable (URL) throws -> CheckSubject = { url in
    switch url.lastPathComponent {
    case "good.json":
      return CheckSubject(scenarioName: "Good", checks: [passing, passing], result: result)
    case "bad.json":
      return CheckSubject(scenarioName: "Bad", checks: [passing, failing], result: result)
    case "empty.json": return CheckSubject(scenarioName: "Empty", checks: [], result: result)
    default:
      throw FakeDataError(
        diagnosticText:
          "\(url.lastPathComponent): timeline[3].at: \"1:75\" is not a time (seconds must be below 60)"
      )
    }
  }

  private func makeFolder(_ names: [String]) throws -> String {
    let folder = try makeTemporaryFolder()
    for name in names {
      try Data("{}".utf8).write(to: URL(fileURLWithPath: folder + "/" + name))
    }
    return folder
  }

  @Test func allPass() throws {
    let folder = try makeFolder(["good.json", "empty.json"])
    let capture = CapturedOutput()
    let status = WorkoutSimCommand.main(
      arguments: ["check", folder + "/good.json", folder + "/empty.json"],
      environment: capture.environment(checkScenario: Self.checkScenario))
    #expect(status == 0)
    #expect(
      capture.standardOutput == """
        PASS \(folder)/good.json (2 checks)
        PASS \(folder)/empty.json (no checks)
        2 passed, 0 failed

        """)
    #expect(capture.standardError == "")
  }

  @Test func failedCheckExitsOneAndShowsExpectedAndActual() throws {
    let folder = try makeFolder(["good.json", "bad.json"])
    let capture = CapturedOutput()
    let status = WorkoutSimCommand.main(
      arguments: ["check", folder],
      environment: capture.environment(checkScenario: Self.checkScenario))
    #expect(status == 1)
    // A folder means its .json files sorted by name: bad.json before good.json.
    #expect(
      capture.standardOutput == """
        FAIL \(folder)/bad.json (1 of 2 checks failed)
          expect[1]: records[0].duration: expected between 740 and 745, actual 747
        PASS \(folder)/good.json (2 checks)
        1 passed, 1 failed

        """)
  }

  /// A run that saved nothing and ran no session (issue 26, bug 6b): a failed check gets the
  /// hint under its failures; a passing scenario does not (an extended runtime scenario passes
  /// with no workout on purpose), nor does a run whose session ran.
  @Test func aFailedCheckOfARunWhereNothingStartedGetsTheHint() throws {
    let nothing = object(["records": .array([]), "errors": .array([]), "log": .array([])])
    let ran = object([
      "records": .array([]), "errors": .array([]),
      "log": .array([
        object([
          "at": .number(3), "from": .string("notStarted"), "kind": .string("stateChange"),
          "to": .string("running"),
        ])
      ]),
    ])
    #expect(ScenarioCheckReport.noSessionRan(in: nothing))
    #expect(!ScenarioCheckReport.noSessionRan(in: ran))
    #expect(!ScenarioCheckReport.noSessionRan(in: Self.result))
    let count = Check(
      selector: .count(.records, where: [:]), comparison: .equals(.number(1)),
      location: "expect[0]")
    let folder = try makeFolder(["nothing.json", "ran.json", "quiet.json"])
    let subjects: @Sendable (URL) throws -> CheckSubject = { url in
      switch url.lastPathComponent {
      case "nothing.json": CheckSubject(scenarioName: "N", checks: [count], result: nothing)
      case "ran.json": CheckSubject(scenarioName: "R", checks: [count], result: ran)
      default: CheckSubject(scenarioName: "Q", checks: [], result: nothing)
      }
    }
    let capture = CapturedOutput()
    let status = WorkoutSimCommand.main(
      arguments: ["check", folder], environment: capture.environment(checkScenario: subjects))
    #expect(status == 1)
    #expect(
      capture.standardOutput == """
        FAIL \(folder)/nothing.json (1 of 1 check failed)
          expect[0]: count(records): expected equals 1, actual 0
          nothing started: no session ran; add {"at": 0, "do": "start"} to the timeline or use --keys ENTER@0
        PASS \(folder)/quiet.json (no checks)
        FAIL \(folder)/ran.json (1 of 1 check failed)
          expect[0]: count(records): expected equals 1, actual 0
        1 passed, 2 failed

        """)
  }

  @Test func decodeFailureCountsAsFailedAndWinsWithSixtyFive() throws {
    let folder = try makeFolder(["bad.json", "broken.json", "notes.txt", ".hidden.json"])
    let capture = CapturedOutput()
    let status = WorkoutSimCommand.main(
      arguments: ["check", folder + "/"],
      environment: capture.environment(checkScenario: Self.checkScenario))
    #expect(status == 65)
    #expect(
      capture.standardOutput == """
        FAIL \(folder)/bad.json (1 of 2 checks failed)
          expect[1]: records[0].duration: expected between 740 and 745, actual 747
        FAIL \(folder)/broken.json (not checked: see the error)
        0 passed, 2 failed

        """)
    #expect(
      capture.standardError
        == "Error: broken.json: timeline[3].at: \"1:75\" is not a time (seconds must be below 60)\n"
    )
  }

  @Test func missingPathIsSixtySix() throws {
    let capture = CapturedOutput()
    let status = WorkoutSimCommand.main(
      arguments: ["check", "/nonexistent/x.json"],
      environment: capture.environment(checkScenario: Self.checkScenario))
    #expect(status == 66)
    #expect(
      capture.standardError
        == "Error: cannot open '/nonexistent/x.json': No such file or directory\n")
    #expect(capture.standardOutput.hasSuffix("0 passed, 1 failed\n"))
  }

  @Test func junitReportParsesBack() throws {
    let folder = try makeFolder(["good.json", "bad.json", "broken.json"])
    let capture = CapturedOutput()
    let status = WorkoutSimCommand.main(
      arguments: ["check", folder, "--junit", folder + "/report.xml"],
      environment: capture.environment(checkScenario: Self.checkScenario))
    #expect(status == 65)
    let data = try Data(contentsOf: URL(fileURLWithPath: folder + "/report.xml"))
    let collector = ElementCollector()
    let parser = XMLParser(data: data)
    parser.delegate = collector
    #expect(parser.parse())
    let elements = collector.elements
    #expect(
      elements.map(\.name) == [
        "testsuites",
        "testsuite", "testcase", "testcase", "failure",  // bad.json
        "testsuite", "testcase", "error",  // broken.json
        "testsuite", "testcase", "testcase",  // good.json
      ])
    // 2 + 1 + 2 = 5 tests, 1 failure, 1 error.
    #expect(
      elements[0].attributes == [
        "name": "workout-sim check", "tests": "5", "failures": "1", "errors": "1",
      ])
    #expect(
      elements[1].attributes == [
        "name": folder + "/bad.json", "tests": "2", "failures": "1", "errors": "0",
      ])
    #expect(
      elements[2].attributes == [
        "classname": folder + "/bad.json",
        "name": #"expect[0]: records[0].activityType equals "running""#,
      ])
    #expect(
      elements[4].attributes == [
        "message": "expect[1]: records[0].duration: expected between 740 and 745, actual 747"
      ])
    #expect(
      elements[5].attributes == [
        "name": folder + "/broken.json", "tests": "1", "failures": "0", "errors": "1",
      ])
    #expect(
      elements[7].attributes == [
        "message":
          "Error: broken.json: timeline[3].at: \"1:75\" is not a time (seconds must be below 60)"
      ])
    #expect(elements[8].attributes["tests"] == "2")
  }

  @Test func junitEscapesMarkupAndDropsIllegalCharacters() throws {
    let check = Check(
      selector: .element(.records, index: 0, path: "a"),
      comparison: .equals(.string("<&>\"'\u{1}")),
      location: "expect[0]")
    let reports = [
      ScenarioCheckReport(
        file: "a&b.json",
        outcomes: [(check, evaluate(check, in: .object([])))])
    ]
    let collector = ElementCollector()
    let parser = XMLParser(data: Data(JUnitReport.xml(for: reports).utf8))
    parser.delegate = collector
    #expect(parser.parse())
    #expect(collector.elements[1].attributes["name"] == "a&b.json")
    // The JSON text escapes U+0001 as \u0001, so only printable characters reach the XML.
    #expect(
      collector.elements[2].attributes["name"]
        == #"expect[0]: records[0].a equals "<&>\"'\u0001""#)
  }

  @Test func unwritableJUnitFileIsSeventyThree() throws {
    let folder = try makeFolder(["good.json"])
    let capture = CapturedOutput()
    let status = WorkoutSimCommand.main(
      arguments: ["check", folder, "--junit", folder + "/good.json/report.xml"],
      environment: capture.environment(checkScenario: Self.checkScenario))
    #expect(status == 73)
    #expect(
      capture.standardError
        == "Error: cannot create '\(folder)/good.json/report.xml': Not a directory\n")
  }

  @Test func validatePrintsOkPerFileAndErrorsToStandardError() throws {
    let folder = try makeFolder(["a.json", "b.json"])
    let capture = CapturedOutput()
    let status = WorkoutSimCommand.main(
      arguments: ["validate", folder + "/a.json", folder + "/b.json", folder + "/c.json"],
      environment: capture.environment(validateScenario: { url in
        if url.lastPathComponent == "b.json" {
          throw FakeDataError(diagnosticText: "b.json:1:2: unexpected end of input")
        }
      }))
    #expect(status == 65)
    #expect(capture.standardOutput == "\(folder)/a.json: ok\n")
    #expect(
      capture.standardError == """
        Error: b.json:1:2: unexpected end of input
        Error: cannot open '\(folder)/c.json': No such file or directory

        """)
  }
}

/// Records every element start with its attributes.
final class ElementCollector: NSObject, XMLParserDelegate, @unchecked Sendable {
  var elements: [(name: String, attributes: [String: String])] = []

  func parser(
    _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
    qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]
  ) {
    elements.append((elementName, attributeDict))
  }
}
