import Foundation
import WorkoutSimulation

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// The JUnit XML report of `check --junit FILE` (docs/command-line.md#check).
///
/// Layout (the de-facto JUnit schema that CI systems read):
///
/// ```xml
/// <?xml version="1.0" encoding="UTF-8"?>
/// <testsuites name="workout-sim check" tests="5" failures="1" errors="1">
///   <testsuite name="hills.json" tests="4" failures="1" errors="0">
///     <testcase classname="hills.json" name="expect[0]: records[0].duration between 740 and 750">
///       <failure message="expect[0]: records[0].duration: expected ..., actual 760"/>
///     </testcase>
///     ...
///   </testsuite>
///   <testsuite name="bad.json" tests="1" failures="0" errors="1">
///     <testcase classname="bad.json" name="decode">
///       <error message="Error: bad.json:3:7: ..."/>
///     </testcase>
///   </testsuite>
/// </testsuites>
/// ```
///
/// One test suite per file, one test case per check; a file that could not be checked is one
/// test case named `decode` with an `<error>`. A report's ``ScenarioCheckReport/note`` follows
/// each of its messages after `; ` (`explore`: the world's faults, the shrunk faults and the
/// `check` command of its world file). Built with Foundation's `XMLElement`
/// (FoundationXML on Linux), which does the escaping; characters XML 1.0 cannot hold (control
/// characters other than tab, newline and carriage return) are replaced by U+FFFD first.
public enum JUnitReport {
  /// The XML document for `reports`, UTF-8, ending with a newline.
  ///
  /// - Parameter reports: One report per scenario file, in order.
  public static func xml(for reports: [ScenarioCheckReport]) -> String {
    let root = XMLElement(name: "testsuites")
    var totals = (tests: 0, failures: 0, errors: 0)
    var suites: [XMLElement] = []
    for report in reports {
      let note = report.note.map { "; " + $0 } ?? ""
      let suite = XMLElement(name: "testsuite")
      var counts = (tests: 0, failures: 0, errors: 0)
      if let error = report.error {
        let testCase = element("testcase", ["classname": report.file, "name": "decode"])
        testCase.addChild(element("error", ["message": error.text + note]))
        suite.addChild(testCase)
        counts = (1, 0, 1)
      } else {
        for (check, outcome) in report.outcomes {
          let testCase = element(
            "testcase", ["classname": report.file, "name": describeCheck(check)])
          if case .failed(let failure) = outcome {
            testCase.addChild(element("failure", ["message": failure.message + note]))
            counts.failures += 1
          }
          counts.tests += 1
          suite.addChild(testCase)
        }
      }
      setAttributes(
        suite,
        [
          ("name", report.file), ("tests", "\(counts.tests)"),
          ("failures", "\(counts.failures)"), ("errors", "\(counts.errors)"),
        ])
      totals.tests += counts.tests
      totals.failures += counts.failures
      totals.errors += counts.errors
      suites.append(suite)
    }
    setAttributes(
      root,
      [
        ("name", "workout-sim check"), ("tests", "\(totals.tests)"),
        ("failures", "\(totals.failures)"), ("errors", "\(totals.errors)"),
      ])
    for suite in suites { root.addChild(suite) }
    let document = XMLDocument(rootElement: root)
    document.version = "1.0"
    document.characterEncoding = "UTF-8"
    return document.xmlString(options: [.nodePrettyPrint]) + "\n"
  }

  private static func element(_ name: String, _ attributes: KeyValuePairs<String, String>)
    -> XMLElement
  {
    let node = XMLElement(name: name)
    setAttributes(node, attributes.map { ($0.key, $0.value) })
    return node
  }

  private static func setAttributes(_ node: XMLElement, _ attributes: [(String, String)]) {
    for (name, value) in attributes {
      let attribute = XMLNode(kind: .attribute)
      attribute.name = name
      attribute.stringValue = xmlSafe(value)
      node.addAttribute(attribute)
    }
  }

  /// `text` with characters XML 1.0 cannot represent (§2.2 `Char`) replaced by U+FFFD.
  static func xmlSafe(_ text: String) -> String {
    var result = ""
    result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
    for scalar in text.unicodeScalars {
      switch scalar.value {
      case 0x9, 0xA, 0xD, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF:
        result.unicodeScalars.append(scalar)
      default: result.unicodeScalars.append("\u{FFFD}")
      }
    }
    return result
  }
}
