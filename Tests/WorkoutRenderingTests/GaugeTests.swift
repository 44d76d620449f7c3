import Testing
import WorkoutRendering

@Suite struct LinearGaugeTests {
  // Width 20: label 5 columns (" " + " 37%"), brackets 2, so 13 bar cells.
  @Test func thirtySevenPercent() {
    // 0.37 * 13 cells * 8 = 38.48 eighths -> 38 = 4 full cells + 6 eighths (▊), 8 empty cells.
    #expect(LinearGauge(value: 37, goal: 100).render(width: 20) == "[████▊        ]  37%")
  }

  @Test func zeroPercent() {
    #expect(LinearGauge(value: 0, goal: 100).render(width: 20) == "[             ]   0%")
  }

  @Test func anAmountGaugeFollowsTheAmountAsWritten() {
    // 0.4 of 500 is written 0: 0 %, not the 1 % of any progress; 500.9 is written 500:
    // 100 % without the mark (not ▲100 %).
    #expect(LinearGauge(amount: 0.4, goal: 500).render(width: 20) == "[             ]   0%")
    #expect(LinearGauge(value: 0.4, goal: 500).render(width: 20) == "[             ]   1%")
    #expect(LinearGauge(amount: 500.9, goal: 500).render(width: 20) == "[█████████████] 100%")
  }

  @Test func fullAtOneHundredPercent() {
    #expect(LinearGauge(value: 10_000, goal: 10_000).render(width: 20) == "[█████████████] 100%")
  }

  @Test func overGoalStaysFullWithMark() {
    // 14000 / 10000 = 1.4 -> 140 %, bar full, ▲ in front of the label.
    #expect(LinearGauge(value: 14_000, goal: 10_000).render(width: 20) == "[█████████████]▲140%")
  }

  @Test func asciiOnly() {
    // 0.37 * 13 = 4.81 cells -> 4 '#' and 9 '.'.
    #expect(
      LinearGauge(value: 37, goal: 100, asciiOnly: true).render(width: 20)
        == "[####.........]  37%")
    #expect(
      LinearGauge(value: 140, goal: 100, asciiOnly: true).render(width: 20)
        == "[#############]^140%")
  }

  @Test func clampsInput() {
    #expect(LinearGauge(value: -5, goal: 100).render(width: 10) == "[   ]   0%")
    #expect(LinearGauge(value: .nan, goal: 100).percent == 0)
    #expect(LinearGauge(value: 5, goal: 0).percent == 0)
    #expect(LinearGauge(fraction: .infinity).percent == 0)
    // 99.6 % is not yet the goal: 99, and the bar is not full.
    #expect(LinearGauge(fraction: 0.996).percent == 99)
    // Width 9: 2 cells; 0.996 * 16 = 15.94 -> 15 eighths = 1 full + ▉.
    #expect(LinearGauge(fraction: 0.996).render(width: 9) == "[█▉]  99%")
    // 0.2 % of progress shows as 1 %.
    #expect(LinearGauge(fraction: 0.002).percent == 1)
    // 12 times the goal is capped at 999 %.
    #expect(LinearGauge(fraction: 12).render(width: 9) == "[██]▲999%")
  }

  @Test(arguments: [
    // No room for brackets: 8 - 5 = 3 cells; 0.37 * 3 * 8 = 8.88 -> 8 eighths = 1 full cell.
    (8, "█    37%"),
    (5, "37%"),  // label only
    (3, "37%"),
    (2, "3…"),
    (1, "…"),
    (0, ""),
  ])
  func narrowWidths(width: Int, expected: String) {
    let rendered = LinearGauge(value: 37, goal: 100).render(width: width)
    #expect(rendered.count <= width)
    #expect(rendered == expected)
  }

  @Test func oneCellGauge() {
    // Width 6: 6 - 5 = 1 cell, no brackets; 0.37 * 1 * 8 = 2.96 eighths -> 2 -> ▎.
    #expect(LinearGauge(value: 37, goal: 100).render(width: 6) == "▎  37%")
  }

  @Test func lineStyle() {
    // Width 15: 10 cells, 0.37 * 10 = 3.7 -> 3 heavy, 7 light.
    #expect(
      LinearGauge(value: 37, goal: 100, style: .line).render(width: 15) == "━━━───────  37%")
  }
}

@Suite struct SparklineTests {
  @Test func scalesBetweenMinimumAndMaximum() {
    // low 100, high 170: (v - 100) / 70 * 7 -> 0, 1, 3.5 -> 4, 7.
    #expect(Sparkline(values: [100, 110, 135, 170]).render(width: 10) == "▁▂▅█")
    #expect(Sparkline(values: [100, 110, 135, 170], asciiOnly: true).render(width: 10) == "_.=#")
  }

  @Test func keepsTheLastValuesThatFit() {
    // Last two of [100, 200, 120, 140]: low 120, high 140 -> levels 0 and 7.
    #expect(Sparkline(values: [100, 200, 120, 140]).render(width: 2) == "▁█")
  }

  @Test func flatAndEmpty() {
    #expect(Sparkline(values: [120, 120]).render(width: 5) == "▄▄")
    #expect(Sparkline(values: []).render(width: 5) == "")
    #expect(Sparkline(values: [.nan, 100]).render(width: 5) == "▄")
    #expect(Sparkline(values: [1, 2]).render(width: 0) == "")
  }
}
