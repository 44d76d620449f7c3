import Testing
import WorkoutCore
import WorkoutRendering
import WorkoutWatch

@Suite struct StepComplicationTests {
  @Test(arguments: [
    ("0", 0.0), ("37", 3_700.0), ("100", 10_000.0), ("140", 14_000.0),
  ])
  func circular(name: String, steps: Double) {
    let frame = StepComplication(steps: steps, goal: 10_000).render(family: .circular, width: 11)
    assertSnapshot(frame.text, named: "complication-circular-\(name)")
  }

  @Test func circularASCII() {
    let frame = StepComplication(steps: 14_000, goal: 10_000)
      .render(family: .circular, width: 11, asciiOnly: true)
    assertSnapshot(frame.text, named: "complication-circular-140-ascii")
  }

  @Test func circularFillCount() {
    // 13 ring cells; 3700 / 10000 * 13 = 4.81 -> 4 filled.
    let frame = StepComplication(steps: 3_700, goal: 10_000).render(family: .circular, width: 11)
    #expect(frame.text.filter { $0 == "●" }.count == 4)
    #expect(frame.text.filter { $0 == "·" }.count == 9)
    // 9999 of 10000 is not full: 12 of 13.
    let almost = StepComplication(steps: 9_999, goal: 10_000).render(family: .circular, width: 11)
    #expect(almost.text.filter { $0 == "●" }.count == 12)
  }

  @Test func otherFamilies() {
    let complication = StepComplication(steps: 6_432, goal: 10_000)
    var text = ""
    for family in [ComplicationFamily.corner, .rectangular, .inline] {
      text += "\(family.rawValue) (20 columns):\n"
      text += complication.render(family: family, width: 20).boxed + "\n"
    }
    let over = StepComplication(steps: 14_000, goal: 10_000)
    text += "inline, 140 %:\n" + over.render(family: .inline, width: 30).boxed + "\n"
    text += "rectangular, 140 %, ASCII:\n"
    text += over.render(family: .rectangular, width: 20, asciiOnly: true).boxed + "\n"
    text += "circular at 8 columns falls back to inline:\n"
    text += complication.render(family: .circular, width: 8).boxed
    assertSnapshot(text, named: "complication-families")
  }

  /// The inline family of `steps` of 10 000 in `width` columns.
  private func inline(_ steps: Double, width: Int = 40) -> [String] {
    StepComplication(steps: steps, goal: 10_000).render(family: .inline, width: width).lines
  }

  @Test func inlineText() {
    // 6432 / 10000 = 64.32 % -> 64 %.
    #expect(inline(6_432) == ["Steps 6432/10000 64%"])
    #expect(inline(6_432, width: 10) == ["Steps 643…"])
  }

  @Test func thePercentageFollowsTheStepsAsWritten() {
    // 0.6 steps are written 0: 0 %, not 1 %.
    #expect(inline(0.6) == ["Steps 0/10000 0%"])
    // 10000.7 steps are written 10000: 100 % without the over-goal mark.
    #expect(inline(10_000.7) == ["Steps 10000/10000 100%"])
  }

  @Test func familyNames() {
    #expect(ComplicationFamily(name: "corner") == .corner)
    #expect(ComplicationFamily(name: "modularLarge") == nil)
  }
}

@Suite struct ActivityRingsViewTests {
  private func rings(move: Double, exerciseMinutes: Int64, steps: Double) -> ActivityRings {
    ActivityRings(
      today: ActivityTotals(
        activeEnergyBurned: move, appleExerciseTime: .seconds(exerciseMinutes * 60),
        stepCount: steps))
  }

  @Test func concentricRings() {
    // Move 185/500 = 37 %, Exercise 30/30 = 100 %, Steps 14000/10000 = 140 %.
    let frame = ActivityRingsView(rings: rings(move: 185, exerciseMinutes: 30, steps: 14_000))
      .render(width: 50)
    assertSnapshot(frame.text, named: "rings-37-100-140")
    let ascii = ActivityRingsView(
      rings: rings(move: 0, exerciseMinutes: 11, steps: 3_700), asciiOnly: true
    ).render(width: 50)
    assertSnapshot(ascii.text, named: "rings-0-37-37-ascii")
  }

  @Test func ringFillCounts() {
    // Outer ring 7 x 15: 2 * 15 + 2 * 7 - 4 = 40 cells; 37 % -> 14.8 -> 14 heavy cells.
    let frame = ActivityRingsView(rings: rings(move: 185, exerciseMinutes: 0, steps: 0))
      .render(width: 15)
    let heavy = frame.text.filter { "━┃┏┓┗┛".contains($0) }.count
    #expect(heavy == 14)
    // Every heavy cell is styled bold in the move colour.
    let moveRuns = frame.runs.filter { $0.style == TextStyle(bold: true, color: .move) }
    #expect(moveRuns.map(\.length).reduce(0, +) == 14)
  }

  /// The rings of `kcal`, `seconds` of exercise and `steps`, 50 columns wide.
  private func frame(kcal: Double, seconds: Int64, steps: Double) -> Frame {
    ActivityRingsView(
      rings: ActivityRings(
        today: ActivityTotals(
          activeEnergyBurned: kcal, appleExerciseTime: .seconds(seconds), stepCount: steps))
    ).render(width: 50)
  }

  @Test func thePercentageFollowsTheAmountAsWritten() {
    // 0.4 kcal, 20 s and 0.6 steps are written 0 (rounded down): 0 %, not the 1 % of any
    // progress (0.4 / 500 = 0.08 %).
    let start = frame(kcal: 0.4, seconds: 20, steps: 0.6)
    #expect(start.lines[2].hasSuffix("  Move        0%  0/500 kcal"))
    #expect(start.lines[3].hasSuffix("  Exercise    0%  0/30 min"))
    #expect(start.lines[4].hasSuffix("  Steps       0%  0/10000"))
    // No heavy cell in any ring at 0 %.
    #expect(start.text.filter { "━┃┏┓┗┛".contains($0) }.isEmpty)
    // 500.9 kcal is written 500: 100 % without the over-goal mark (500.9 / 500 would be
    // 100.18 % with it); 119 s is written 1 min: 1 / 30 = 3.3 % -> 3 % (not 119 / 1800 = 6.6 %
    // -> 7 %).
    let later = frame(kcal: 500.9, seconds: 119, steps: 9_999.9)
    #expect(later.lines[2].hasSuffix("  Move      100%  500/500 kcal"))
    #expect(later.lines[3].hasSuffix("  Exercise    3%  1/30 min"))
    // 9999 / 10000 = 99.99 % -> 99 % until the goal is written.
    #expect(later.lines[4].hasSuffix("  Steps      99%  9999/10000"))
  }

  @Test func legendOnlyWhenNarrow() {
    let frame = ActivityRingsView(rings: rings(move: 250, exerciseMinutes: 15, steps: 5_000))
      .render(width: 14)
    // 250/500 = 50 %, 15/30 = 50 %, 5000/10000 = 50 %; cut to 14 columns.
    #expect(frame.lines == ["", "", "Move       50…", "Exercise   50…", "Steps      50…", "", ""])
  }
}
