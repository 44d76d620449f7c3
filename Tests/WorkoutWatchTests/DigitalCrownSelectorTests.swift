import Testing
import WorkoutCore
import WorkoutWatch

private func t(_ milliseconds: Int64) -> SimulationInstant {
  SimulationInstant(nanoseconds: milliseconds * 1_000_000)
}

@Suite struct DigitalCrownSelectorTests {
  /// F12 (docs/field-cases.md), with six items and `isContinuous: false`, rotations [8, -10, 2.4,
  /// 0.6] from index 2, each one `crown` action (rotation then stop).
  @Test func fieldCaseF12() {
    var selector = DigitalCrownSelector(
      items: [.running, .walking, .cycling, .swimming, .highIntensityIntervalTraining, .yoga],
      initial: .cycling)
    #expect(selector.selectedIndex == 2)
    // 2 + 8 = 10 -> clamped to 5 (yoga).
    selector.crown(by: 8, at: t(1_000))
    #expect(selector.value == 5)
    #expect(selector.selected == .yoga)
    // 5 - 10 = -5 -> 0 (running).
    selector.crown(by: -10, at: t(2_000))
    #expect(selector.value == 0)
    #expect(selector.selected == .running)
    // 0 + 2.4 = 2.4 -> snaps to 2 (cycling).
    selector.crown(by: 2.4, at: t(3_000))
    #expect(selector.value == 2)
    #expect(selector.selected == .cycling)
    // 2 + 0.6 = 2.6 -> snaps to 3 (swimming).
    selector.crown(by: 0.6, at: t(4_000))
    #expect(selector.value == 3)
    #expect(selector.selected == .swimming)
  }

  @Test func defaultItemsAndInitialActivity() {
    let selector = DigitalCrownSelector(initial: .walking)
    #expect(selector.items == [.running, .walking, .cycling])
    #expect(selector.selected == .walking)
    #expect(selector.value == 1)
  }

  @Test func activityNotAmongItemsIsAddedInFront() {
    let selector = DigitalCrownSelector(initial: .yoga)
    #expect(selector.items == [.yoga, .running, .walking, .cycling])
    #expect(selector.selectedIndex == 0)
    #expect(selector.selected == .yoga)
  }

  @Test func valueMovesAtOnceAndSnapsOnlyAfterThreeTenthsOfASecondStill() {
    var selector = DigitalCrownSelector(initial: .running)
    selector.rotate(by: 0.7, at: t(1_000))
    #expect(selector.value == 0.7)
    #expect(selector.snapDeadline == t(1_300))
    // 0.299 s still: no snap yet.
    selector.advance(to: t(1_299))
    #expect(selector.value == 0.7)
    #expect(selector.isSettling)
    // Another rotation restarts the wait: 0.7 + 0.6 = 1.3, deadline 1.2 + 0.3 = 1.5 s.
    selector.rotate(by: 0.6, at: t(1_200))
    selector.advance(to: t(1_499))
    #expect(abs(selector.value - 1.3) < 1e-12)
    selector.advance(to: t(1_500))
    #expect(selector.value == 1)
    #expect(!selector.isSettling)
    #expect(selector.snapDeadline == nil)
  }

  @Test func tiesSnapAwayFromZero() {
    var selector = DigitalCrownSelector(initial: .running)
    // 0 + 1.5 = 1.5 -> 2 (tie away from zero).
    selector.crown(by: 1.5, at: t(0))
    #expect(selector.value == 2)
    // 2 - 1.5 = 0.5 -> 1 (tie away from zero, not down to 0).
    selector.crown(by: -1.5, at: t(1_000))
    #expect(selector.value == 1)
  }

  @Test func clampsAtBothEndsWhenNotContinuous() {
    var selector = DigitalCrownSelector(initial: .walking)
    selector.rotate(by: 5, at: t(0))
    // 1 + 5 = 6 -> clamped to count - 1 = 2, never 3.
    #expect(selector.value == 2)
    selector.rotate(by: -7, at: t(100))
    // 2 - 7 = -5 -> 0.
    #expect(selector.value == 0)
  }

  @Test func continuousWrapsModuloCount() {
    var selector = DigitalCrownSelector(initial: .cycling, isContinuous: true)
    // One stride past the last item (index 2) is the first: (2 + 1) mod 3 = 0.
    selector.crown(by: 1, at: t(0))
    #expect(selector.selected == .running)
    // 0 - 1 = -1 -> wraps to 2.
    selector.crown(by: -1, at: t(1_000))
    #expect(selector.selected == .cycling)
    // 2 + 7 = 9 -> 9 mod 3 = 0.
    selector.crown(by: 7, at: t(2_000))
    #expect(selector.value == 0)
    // 0 + 2.5 = 2.5 -> snaps to 3 (tie away from zero) -> wraps to 0.
    selector.crown(by: 2.5, at: t(3_000))
    #expect(selector.value == 0)
    #expect(selector.selected == .running)
  }

  @Test(arguments: [
    (CrownSensitivity.high, 1.0), (CrownSensitivity.medium, 0.5), (CrownSensitivity.low, 0.25),
  ])
  func sensitivitySetsHowFarOneKeyTurns(sensitivity: CrownSensitivity, strides: Double) {
    var selector = DigitalCrownSelector(initial: .running, sensitivity: sensitivity)
    selector.turn(keyPresses: 1, at: t(0))
    #expect(selector.value == strides)
  }

  @Test func twoMediumKeyPressesMakeOneItem() {
    var selector = DigitalCrownSelector(initial: .running, sensitivity: .medium)
    selector.turn(keyPresses: 1, at: t(0))
    selector.turn(keyPresses: 1, at: t(100))
    // 0.5 + 0.5 = 1.0, snapped at 0.1 + 0.3 = 0.4 s.
    selector.advance(to: t(400))
    #expect(selector.selected == .walking)
  }

  @Test func crownActionUnitDoesNotDependOnSensitivity() {
    var selector = DigitalCrownSelector(initial: .running, sensitivity: .low)
    selector.crown(by: 2, at: t(0))
    #expect(selector.selected == .cycling)
  }

  @Test func oneHapticTickPerItemReached() {
    var selector = DigitalCrownSelector(
      items: [.running, .walking, .cycling, .swimming], initial: .running)
    // 0 -> 2.4 reaches items 1 and 2.
    let forward = selector.rotate(by: 2.4, at: t(0))
    #expect(forward == [CrownTick(itemIndex: 1, at: t(0)), CrownTick(itemIndex: 2, at: t(0))])
    // The snap 2.4 -> 2 reaches item 2 again, at the snap instant 0.3 s.
    let snap = selector.advance(to: t(300))
    #expect(snap == [CrownTick(itemIndex: 2, at: t(300))])
    // 2 -> 2.3: no item reached.
    #expect(selector.rotate(by: 0.3, at: t(1_000)).isEmpty)
    // Clamped 2.3 -> 3 (asked 2.3 + 5): one item, 3.
    #expect(selector.rotate(by: 5, at: t(1_100)).map(\.itemIndex) == [3])
  }

  @Test func ticksWrapWhenContinuous() {
    var selector = DigitalCrownSelector(initial: .walking, isContinuous: true)
    // 1 -> 4 passes 2, 3 (= 0), 4 (= 1).
    #expect(selector.rotate(by: 3, at: t(0)).map(\.itemIndex) == [2, 0, 1])
    // 1 -> -1 passes 0 and -1 (= 2).
    #expect(selector.rotate(by: -2, at: t(100)).map(\.itemIndex) == [0, 2])
  }

  @Test func noTicksWithoutHapticFeedback() {
    var selector = DigitalCrownSelector(initial: .running, isHapticFeedbackEnabled: false)
    #expect(selector.rotate(by: 2, at: t(0)).isEmpty)
    #expect(selector.value == 2)
  }

  @Test func nonFiniteRotationsAreIgnored() {
    var selector = DigitalCrownSelector(initial: .walking)
    #expect(selector.rotate(by: .nan, at: t(0)).isEmpty)
    #expect(selector.rotate(by: .infinity, at: t(0)).isEmpty)
    #expect(selector.value == 1)
    #expect(!selector.isSettling)
  }

  @Test func pendingSnapIsAppliedBeforeALateRotation() {
    var selector = DigitalCrownSelector(initial: .running)
    selector.rotate(by: 0.4, at: t(0))
    // No advance call; at 1 s the 0.4 has snapped to 0 (deadline 0.3 s), then + 0.4.
    selector.rotate(by: 0.4, at: t(1_000))
    #expect(selector.value == 0.4)
  }

  @Test func settleSnapsAtOnce() {
    var selector = DigitalCrownSelector(initial: .running)
    selector.rotate(by: 1.6, at: t(0))
    selector.settle(at: t(10))
    #expect(selector.value == 2)
    #expect(!selector.isSettling)
  }
}
