import Testing
import WorkoutCore
import WorkoutHealth

/// `count` UTC days of 24 h from `t = 0`, the first a Monday (weekday 2), 2026-03-02.
private func utcDays(_ count: Int) -> [LocalDay] {
  (0..<count).map { index in
    LocalDay(
      start: .seconds(Int64(index) * 86_400), end: .seconds(Int64(index + 1) * 86_400),
      year: 2026, month: 3, day: 2 + index, weekday: (1 + index) % 7 + 1, utcOffset: 0)
  }
}

/// The default athlete's body: 60 bpm rest; Mifflin–St Jeor for 65 kg, 170 cm, 35 y, female:
/// 650 + 1062.5 − 175 − 161 = 1376.5 kcal/day; step length 0.413 × 1.70 = 0.7021 m; walking
/// net VO2 at 1.3 m/s = 0.1 × 78 = 7.8 mL/kg/min → 7.8 × 65 / 1000 × 5 = 2.535 kcal/min; light
/// activity 0.3 MET = 1.05 mL/kg/min → 1.05 × 65 / 1000 × 5 × 60 = 20.475 kcal/h.
private let person = HealthGenerator.Person(
  restingHeartRate: 60, basalKilocaloriesPerDay: 1376.5, stepLength: 0.7021,
  walkingKilocaloriesPerMinute: 2.535, lightKilocaloriesPerHour: 20.475)

private func generate(_ plan: HealthPlan, days: [LocalDay], seed: UInt64 = 7) -> HealthData {
  HealthGenerator.generate(
    plan, seed: seed, person: person, days: days, deviceDays: days, workouts: [])
}

private func seconds(_ sample: HealthSample) -> Double {
  Double(sample.end.nanoseconds - sample.start.nanoseconds) / 1e9
}

@Suite("HealthGenerator: a person's generated days")
struct HealthGeneratorTests {
  @Test("sleep stages of one source never overlap; inBed spans each night from the iPhone")
  func sleepDoesNotOverlap() {
    let data = generate(HealthPlan(days: 14), days: utcDays(14))
    let stages = data.samples.filter { $0.type == .sleepAnalysis && $0.source == 0 }
      .sorted { $0.start < $1.start }
    #expect(stages.count > 14 * 10)
    for (earlier, later) in zip(stages, stages.dropFirst()) {
      #expect(earlier.end <= later.start)
    }
    #expect(stages.allSatisfy { $0.value != 0 })  // the watch writes stages, never inBed
    // 15 nights: the one before the first day and one after each of the 14 days.
    let inBed = data.samples.filter { $0.type == .sleepAnalysis && $0.source == 1 }
    #expect(inBed.count == 15)
    #expect(inBed.allSatisfy { $0.value == 0 })
  }

  @Test("deep sleep in the first third of the night exceeds the last third; REM the other way")
  func architecture() {
    let data = generate(HealthPlan(days: 30), days: utcDays(30))
    let nights = data.samples.filter { $0.type == .sleepAnalysis && $0.source == 1 }
    let stages = data.samples.filter { $0.type == .sleepAnalysis && $0.source == 0 }
    for night in nights {
      let third = (night.end.nanoseconds - night.start.nanoseconds) / 3
      let first = night.start.nanoseconds..<(night.start.nanoseconds + third)
      let last = (night.end.nanoseconds - third)..<night.end.nanoseconds
      func minutes(_ stage: SleepStage, in range: Range<Int64>) -> Double {
        stages.filter { $0.value == Double(stage.rawValue) }.reduce(0) { total, sample in
          let low = max(sample.start.nanoseconds, range.lowerBound)
          let high = min(sample.end.nanoseconds, range.upperBound)
          return total + Double(max(0, high - low)) / 60e9
        }
      }
      #expect(minutes(.asleepDeep, in: first) > minutes(.asleepDeep, in: last))
      #expect(minutes(.asleepREM, in: last) > minutes(.asleepREM, in: first))
    }
  }

  @Test("no watch samples while charging; no iPhone steps when the phone is never carried")
  func devices() {
    // Charging 12:00 to 14:00 every day (43 200 s to 50 400 s from each midnight).
    let charging = HealthPlan.TimeOfDaySpan(from: .seconds(43_200), to: .seconds(50_400))
    var plan = HealthPlan(days: 10)
    plan.habits.charging = [charging]
    plan.habits.carriesPhone = 0
    let data = generate(plan, days: utcDays(10))
    let watch = data.samples.filter { $0.source == 0 && $0.type != .sleepAnalysis }
    for sample in watch where sample.type != .restingHeartRate {
      let day = sample.start.nanoseconds / 86_400_000_000_000 * 86_400
      let window = SimulationInstant.seconds(day + 43_200)..<SimulationInstant.seconds(day + 50_400)
      // A span sample may not reach into the window; an instant one may not lie in it.
      let inside =
        sample.start == sample.end
        ? window.contains(sample.start)
        : sample.start < window.upperBound && sample.end > window.lowerBound
      #expect(!inside, "\(sample.type) at \(sample.start) while charging")
    }
    #expect(!data.samples.contains { $0.source == 1 && $0.type == .stepCount })
    #expect(data.samples.contains { $0.source == 0 && $0.type == .stepCount })
  }

  @Test("a phone always carried counts every bout the watch counts, a little differently")
  func overlappingSources() {
    var plan = HealthPlan(days: 3)
    plan.habits.carriesPhone = 1
    plan.habits.charging = []
    let data = generate(plan, days: utcDays(3))
    func steps(_ source: UInt16) -> Double {
      data.samples.filter { $0.type == .stepCount && $0.source == source }.reduce(0) {
        $0 + $1.value
      }
    }
    let watch = steps(0)
    let phone = steps(1)
    // Three days of 6000 to 10 000 steps each.
    #expect(watch >= 3 * 5000 && watch <= 3 * 11_000)
    #expect(phone != watch)
    #expect(abs(phone - watch) / watch < 0.05)
  }

  @Test("a 23-hour daylight-saving day: basal energy is 23/24 of the day's Mifflin–St Jeor")
  func daylightSavingDay() {
    // 2026-03-29 in Europe/Berlin: midnight +01:00, the change to +02:00 two hours later.
    let day = LocalDay(
      start: .zero, end: .seconds(82_800), year: 2026, month: 3, day: 29, weekday: 1,
      utcOffset: 3600, transition: .init(at: .seconds(7200), utcOffset: 7200))
    var plan = HealthPlan(days: 1)
    plan.habits.charging = []
    let data = generate(plan, days: [day])
    let basal = data.samples.filter { $0.type == .basalEnergyBurned }
    // 1376.5 kcal/day × 82 800 s / 86 400 s = 1319.1458333… kcal, in 23 hourly samples.
    #expect(basal.count == 23)
    #expect(abs(basal.reduce(0) { $0 + $1.value } - 1376.5 * 82_800 / 86_400) < 1e-9)
    // The wake time 7:00 local is 6 h after midnight on this day (± the 15-minute jitter): the
    // first active-energy sample (light activity) starts at the wake instant.
    let light = data.samples.filter { $0.type == .activeEnergyBurned }.min { $0.start < $1.start }
    let wake = light.map { $0.start.seconds } ?? 0
    #expect(wake >= 6 * 3600 - 900 && wake <= 6 * 3600 + 900)
  }

  @Test("deterministic: the same plan and seed give the same data; another seed other data")
  func determinism() {
    var plan = HealthPlan(days: 5)
    plan.ecgEveryDays = 2
    let first = generate(plan, days: utcDays(5), seed: 3)
    let second = generate(plan, days: utcDays(5), seed: 3)
    #expect(first.samples == second.samples)
    #expect(first.electrocardiograms == second.electrocardiograms)
    #expect(generate(plan, days: utcDays(5), seed: 4).samples != first.samples)
  }

  @Test("samples sorted by savedAt; ECGs every second day: 30 s at 512 Hz, sinus rhythm")
  func orderAndECG() {
    var plan = HealthPlan(days: 5)
    plan.ecgEveryDays = 2
    let data = generate(plan, days: utcDays(5))
    #expect(zip(data.samples, data.samples.dropFirst()).allSatisfy { $0.savedAt <= $1.savedAt })
    // Days 0, 2 and 4.
    #expect(data.electrocardiograms.count == 3)
    #expect(data.electrocardiograms.allSatisfy { $0.classification == 1 })
    #expect(data.electrocardiograms.allSatisfy { $0.numberOfVoltageMeasurements == 15_360 })
    let recordings = data.samples.filter { $0.type == .electrocardiogram }
    #expect(recordings.map(seconds) == [30, 30, 30])
    #expect(recordings.map(\.value) == [0, 1, 2])
  }

  @Test("background heart rate every 4 to 10 minutes while worn; one resting rate a day")
  func heartRate() {
    var plan = HealthPlan(days: 2)
    plan.habits.charging = []
    let data = generate(plan, days: utcDays(2))
    let readings = data.samples.filter { $0.type == .heartRate }.sorted { $0.start < $1.start }
    for (earlier, later) in zip(readings, readings.dropFirst()) {
      let gap = later.start.seconds - earlier.start.seconds
      #expect(gap >= 240 - 1e-6 && gap <= 600 + 1e-6)
    }
    // 2 days of 1440 min at 4 to 10 min apart: 288 to 720 readings.
    #expect(readings.count >= 288 && readings.count <= 720)
    #expect(data.samples.filter { $0.type == .restingHeartRate }.count == 2)
  }

  @Test("weekly workouts land on their weekday at their local time")
  func workoutSlots() {
    var plan = HealthPlan(days: 14)
    plan.workouts = [
      .init(weekday: 3, at: .seconds(18 * 3600), activity: .running, duration: .seconds(1800))
    ]
    // Days 0..13 from Monday 2026-03-02: Tuesdays are days 1 and 8.
    let slots = HealthGenerator.workoutSlots(of: plan, days: utcDays(14))
    #expect(slots.map(\.day) == [1, 8])
    // 18:00 = 64 800 s: 86 400 + 64 800 = 151 200 s and 8 × 86 400 + 64 800 = 756 000 s.
    let expected: [SimulationInstant] = [.seconds(151_200), .seconds(756_000)]
    #expect(slots.map(\.start) == expected)
  }
}
