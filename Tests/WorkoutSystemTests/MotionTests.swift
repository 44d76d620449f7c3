import Testing
import WorkoutCore
import WorkoutSystem

/// The motion timeline and the watch's workout reminders (field cases F13 and F14), hand-worked.
@Suite struct MotionTests {
  func span(
    _ from: Int64, _ to: Int64, _ activity: MotionActivityKind,
    _ confidence: MotionConfidence = .high
  ) -> MotionSpan {
    MotionSpan(t(from)..<t(to), MotionState(activity, confidence))
  }

  /// Layers: walking 0–600 under running 200–300: walking 0–200, running 200–300, walking
  /// 300–600, then rest; a later span in one layer wins; neighbours with one state merge.
  @Test func layersOverride() {
    let timeline = MotionTimeline(layers: [
      [span(0, 600, .walking)], [span(200, 300, .running), span(250, 280, .cycling)],
    ])
    #expect(
      timeline.changes == [
        MotionChange(at: t(0), state: MotionState(.walking)),
        MotionChange(at: t(200), state: MotionState(.running)),
        MotionChange(at: t(250), state: MotionState(.cycling)),
        MotionChange(at: t(280), state: MotionState(.running)),
        MotionChange(at: t(300), state: MotionState(.walking)),
        MotionChange(at: t(600), state: .rest),
      ])
    #expect(timeline.state(at: t(-5)) == .rest)
    #expect(timeline.change(at: t(299))?.at == t(280))
    // Two touching walking spans are one state: a single change at 0, rest from 200.
    let joined = MotionTimeline(layers: [[span(0, 100, .walking), span(100, 200, .walking)]])
    #expect(joined.changes.map(\.at) == [t(0), t(200)])
    #expect(
      timeline.spans(in: t(100)..<t(260))
        == [span(100, 200, .walking), span(200, 250, .running), span(250, 260, .cycling)])
  }

  /// F13's motion: walking 0–120 high, running 120–150 medium (a 30 s dash), walking 150–600
  /// high, running 600–1000 low.
  var f13: [MotionSpan] {
    [
      span(0, 120, .walking), span(120, 150, .running, .medium), span(150, 600, .walking),
      span(600, 1000, .running, .low),
    ]
  }
  let running = WorkoutReminderSettings(activities: [.running])

  /// Within one layer a later span wins, however many overlap: walking 0–100, running
  /// 50–150, cycling 25–75, automotive 60–70 → walking 0–25, cycling 25–60, automotive 60–70,
  /// cycling 70–75, running 75–150, rest from 150.
  @Test func laterSpansWinWithinALayer() {
    let timeline = MotionTimeline(layers: [
      [
        span(0, 100, .walking), span(50, 150, .running), span(25, 75, .cycling),
        span(60, 70, .automotive),
      ]
    ])
    #expect(
      timeline.changes == [
        MotionChange(at: t(0), state: MotionState(.walking)),
        MotionChange(at: t(25), state: MotionState(.cycling)),
        MotionChange(at: t(60), state: MotionState(.automotive)),
        MotionChange(at: t(70), state: MotionState(.cycling)),
        MotionChange(at: t(75), state: MotionState(.running)),
        MotionChange(at: t(150), state: .rest),
      ])
  }

  /// F13: no detection: 30 s < 180 s, and 600–1000 is below medium confidence.
  @Test func f13ShortWalkAndNoise() {
    let found = WorkoutReminderDetector.detect(
      timeline: MotionTimeline(layers: [f13]), settings: running, through: t(3000))
    #expect(found.isEmpty)
  }

  /// F13 positive control: running 1000–1300 high → one detection confirmed at 1000 + 180 =
  /// 1180, start 1000 (the low-confidence stretch before it is not motion), end 1300, known at
  /// 1300 + 60 = 1360.
  @Test func f13PositiveControl() {
    let found = WorkoutReminderDetector.detect(
      timeline: MotionTimeline(layers: [f13 + [span(1000, 1300, .running)]]), settings: running,
      through: t(3000))
    #expect(
      found == [
        DetectedWorkout(
          activity: .running, confirmedAt: t(1180), start: t(1000), end: t(1300),
          endConfirmedAt: t(1360))
      ])
    var off = running
    off.enabled = false
    #expect(
      WorkoutReminderDetector.detect(
        timeline: MotionTimeline(layers: [f13 + [span(1000, 1300, .running)]]), settings: off,
        through: t(3000)
      ).isEmpty)
  }

  /// F14: stationary 0–600, running 600–1800, stationary after; heart rate 80 until 900, 150
  /// 900–1800, 90 after; minHeartRate 120. The core starts at 900 (heart rate raised), the
  /// reminder at 900 + 180 = 1080, the start backdated to 600, end 1800: duration 1200 s.
  @Test func f14Backdated() {
    let heart = [
      HeartRateSpan(t(0)..<t(900), bpm: 80), HeartRateSpan(t(900)..<t(1800), bpm: 150),
      HeartRateSpan(t(1800)..<t(2400), bpm: 90),
    ]
    var settings = WorkoutReminderSettings(activities: [.running], minHeartRate: 120)
    settings.mergeGap = .seconds(60)
    let found = WorkoutReminderDetector.detect(
      timeline: MotionTimeline(layers: [[span(600, 1800, .running)]]), heartRate: heart,
      settings: settings, through: t(2400))
    #expect(found.count == 1)
    #expect(found.first?.confirmedAt == t(1080))
    #expect(found.first?.start == t(600))
    #expect(found.first?.end == t(1800))
    #expect(found.first?.duration == .seconds(1200))
    // The variant: stationary 700–820 (120 s > 60 s) → start 820, duration 1800 − 820 = 980.
    let gap = WorkoutReminderDetector.detect(
      timeline: MotionTimeline(layers: [[span(600, 700, .running), span(820, 1800, .running)]]),
      heartRate: heart, settings: settings, through: t(2400))
    #expect(gap.map(\.start) == [t(820)])
    #expect(gap.first?.duration == .seconds(980))
    #expect(gap.first?.confirmedAt == t(1080))
    // A gap of 60 s (700–760, not above the merge gap) joins: the start goes back to 600.
    let short = WorkoutReminderDetector.detect(
      timeline: MotionTimeline(layers: [[span(600, 700, .running), span(760, 1800, .running)]]),
      heartRate: heart, settings: settings, through: t(2400))
    #expect(short.map(\.start) == [t(600)])
  }

  /// Two workouts: running 0–300 and 400–700 (gap 100 s > 60 s): two detections; the second
  /// starts at 400, after the first's end (300), confirmed at 400 + 180 = 580.
  @Test func secondWorkoutNeverOverlapsTheFirst() {
    let found = WorkoutReminderDetector.detect(
      timeline: MotionTimeline(layers: [[span(0, 300, .running), span(400, 700, .running)]]),
      settings: running, through: t(2000))
    #expect(found.map(\.confirmedAt) == [t(180), t(580)])
    #expect(found.map(\.start) == [t(0), t(400)])
  }

  /// Through the engine: F13's positive control logs a start reminder at 1180 (start 1000)
  /// and an end reminder at 1360 (end 1300); none while a workout session is open.
  @Test func engineLogsReminders() {
    var watch = WatchConfiguration()
    watch.workoutReminders = running
    var configuration = watchConfiguration(watch)
    configuration.motion = MotionConfiguration(layers: [f13 + [span(1000, 1300, .running)]])
    var engine = WorkoutEngine(
      configuration: configuration, dataSource: MovingSource(), reflexes: SampleApp())
    engine.finishRun(at: t(2000))
    let reminders = engine.log.compactMap { entry -> (SimulationInstant, MotionEvent)? in
      if case .motion(let event) = entry.kind { (entry.at, event) } else { nil }
    }
    #expect(reminders.count == 2)
    #expect(reminders.first?.0 == t(1180))
    #expect(
      reminders.first?.1 == MotionEvent(event: .startReminder, activity: .running, start: t(1000)))
    #expect(reminders.last?.0 == t(1360))
    #expect(
      reminders.last?.1
        == MotionEvent(event: .endReminder, activity: .running, start: t(1000), end: t(1300)))
    // A workout running from 900: no reminder (and so no end reminder either).
    var busy = WorkoutEngine(
      configuration: configuration, dataSource: MovingSource(), reflexes: SampleApp())
    busy.perform(.start, at: t(900))
    busy.finishRun(at: t(2000))
    #expect(!busy.log.contains { if case .motion = $0.kind { true } else { false } })
  }
}
