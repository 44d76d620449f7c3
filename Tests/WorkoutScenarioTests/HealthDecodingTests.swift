import Testing
import WorkoutCore
import WorkoutHealth
import WorkoutScenario
import WorkoutSimTestSupport

/// The full message line of the data error `json` gives as `h.json` (`nil` when it decodes).
private func errorLine(_ json: String) -> String? { scenarioErrorLine(json, fileName: "h.json") }

private func health(_ body: String) -> String {
  #"{ "version": 1, "start": "2026-03-02T07:30:00+01:00", "health": "# + body + " }"
}

@Suite("The health key: decoding and its data errors")
struct HealthDecodingTests {
  @Test("no health key: no plan; an empty object: every default")
  func defaults() throws {
    #expect(try decodeScenario(#"{ "version": 1 }"#).health == nil)
    let plan = try #require(try decodeScenario(health("{}")).health)
    #expect(plan == HealthPlan())
    #expect(plan.days == 7)
    #expect(plan.generate)
    #expect(plan.priority == ["watch", "iPhone"])
    // 7:00 = 25 200 s, 23:00 = 82 800 s; the charging window 7:30 (27 000 s) to 8:15 (29 700 s).
    #expect(plan.habits.wake == .seconds(25_200))
    #expect(plan.habits.bed == .seconds(82_800))
    #expect(plan.habits.charging == [.init(from: .seconds(27_000), to: .seconds(29_700))])
  }

  @Test("explicit samples: signed times, date-times from start, savedAt, sleep stages")
  func explicitSamples() throws {
    let plan = try #require(
      try decodeScenario(
        health(
          #"""
          { "generate": false, "days": 2, "priority": ["iPhone"],
            "samples": [
              { "type": "stepCount", "source": "iPhone", "start": "-1:00:00", "end": -3000, "value": 120 },
              { "type": "heartRate", "source": "watch", "start": "2026-03-02T07:00:00+01:00", "value": 61 },
              { "type": "activeEnergyBurned", "source": "watch", "start": "-10:00", "end": "-5:00",
                "value": 12.5, "savedAt": 60 } ],
            "sleep": [
              { "source": "watch", "start": "-8:00:00", "end": "-1:00:00", "stage": "inBed" },
              { "source": "watch", "start": "-7:30:00", "end": "-6:00:00", "stage": "asleepCore" },
              { "source": "watch", "start": "-6:00:00", "end": "-5:15:00", "stage": "asleepDeep" } ],
            "lock": { "periods": [ { "from": "-2:00:00", "to": "-1:30:00" } ],
                      "daily": [ { "from": "23:00:00", "to": "6:30:00" } ] } }
          """#)
      ).health)
    #expect(plan.generate == false)
    #expect(plan.days == 2)
    #expect(plan.priority == ["iPhone"])
    // -1:00:00 = -3600 s; -3000 s as a number.
    #expect(
      plan.samples[0]
        == HealthPlanSample(
          type: .stepCount, source: "iPhone", start: .seconds(-3600), end: .seconds(-3000),
          value: 120))
    // 07:00+01:00 is 30 min before the start 07:30+01:00: -1800 s; no end: an instant sample.
    #expect(plan.samples[1].start == .seconds(-1800))
    #expect(plan.samples[1].end == .seconds(-1800))
    #expect(plan.samples[1].type == .heartRate)
    // -10:00 = -600 s, -5:00 = -300 s, saved at 60 s.
    #expect(plan.samples[2].start == .seconds(-600))
    #expect(plan.samples[2].savedAt == .seconds(60))
    // inBed 0, asleepCore 3, asleepDeep 4 (HKCategoryValueSleepAnalysis raw values).
    #expect(plan.sleep.map(\.value) == [0, 3, 4])
    #expect(plan.sleep.allSatisfy { $0.type == .sleepAnalysis })
    #expect(plan.sleep[1].start == .seconds(-27_000))
    #expect(
      plan.lockPeriods == [SimulationInstant.seconds(-7200)..<SimulationInstant.seconds(-5400)])
    // 23:00 = 82 800 s, 6:30 = 23 400 s: past midnight.
    #expect(plan.dailyLock == [.init(from: .seconds(82_800), to: .seconds(23_400))])
  }

  @Test("heart rate variability (ms) and breathing rate (count/min) are explicit sample types")
  func variabilityAndBreathingSamples() throws {
    let plan = try #require(
      try decodeScenario(
        health(
          #"""
          { "generate": false, "days": 2, "samples": [
              { "type": "heartRateVariabilitySDNN", "source": "watch", "start": "-4:30:00", "end": "-4:29:00", "value": 55 },
              { "type": "respiratoryRate", "source": "watch", "start": "-4:30:00", "end": "-4:29:00", "value": 14.5 } ] }
          """#)
      ).health)
    // -4:30:00 = -16 200 s, -4:29:00 = -16 140 s.
    #expect(
      plan.samples == [
        HealthPlanSample(
          type: .heartRateVariabilitySDNN, source: "watch", start: .seconds(-16_200),
          end: .seconds(-16_140), value: 55),
        HealthPlanSample(
          type: .respiratoryRate, source: "watch", start: .seconds(-16_200),
          end: .seconds(-16_140), value: 14.5),
      ])
    #expect(HealthDataType.heartRateVariabilitySDNN.unit == "ms")
    #expect(HealthDataType.respiratoryRate.unit == "count/min")
  }

  @Test("the generator's knobs decode")
  func knobs() throws {
    let plan = try #require(
      try decodeScenario(
        health(
          #"""
          { "days": 366,
            "habits": { "wake": "6:15:00", "bed": "0:30:00", "steps": [4000, 9000],
                        "carriesPhone": 0.5, "wearsWatch": false, "charging": [] },
            "workouts": [ { "weekday": "tuesday", "at": "18:30:00", "activity": "running", "duration": "45:00" } ],
            "ecg": { "everyDays": 30 },
            "trip": { "date": "2026-02-20", "timeZone": "America/New_York", "days": 5 } }
          """#)
      ).health)
    #expect(plan.days == 366)
    // 6:15 = 22 500 s; 0:30 = 1800 s.
    #expect(plan.habits.wake == .seconds(22_500))
    #expect(plan.habits.bed == .seconds(1800))
    #expect(plan.habits.steps == 4000...9000)
    #expect(plan.habits.carriesPhone == 0.5)
    #expect(plan.habits.wearsWatch == false)
    #expect(plan.habits.charging.isEmpty)
    // Tuesday is weekday 3 (1 Sunday); 18:30 = 66 600 s; 45:00 = 2700 s.
    #expect(
      plan.workouts == [
        .init(weekday: 3, at: .seconds(66_600), activity: .running, duration: .seconds(2700))
      ])
    #expect(plan.ecgEveryDays == 30)
    #expect(plan.trip == .init(date: "2026-02-20", timeZone: "America/New_York", days: 5))
  }

  @Test(
    "bad input is a data error with its JSON path",
    arguments: [
      (
        #"{ "days": 0 }"#,
        "h.json: health.days: 0 is out of range (expected a whole number from 1 to 400)"
      ),
      (
        #"{ "days": 401 }"#,
        "h.json: health.days: 401 is out of range (expected a whole number from 1 to 400)"
      ),
      (
        #"{ "dayz": 3 }"#,
        "h.json: health.dayz: unknown key (expected one of days, generate, habits, workouts, ecg, lock, trip, priority, samples, sleep, medications); did you mean \"days\"?"
      ),
      (
        #"{ "priority": ["watch", "iphone"] }"#,
        "h.json: health.priority[1]: \"iphone\" is not a source (expected one of watch, iPhone); did you mean \"iPhone\"?"
      ),
      (
        #"{ "priority": ["watch", "watch"] }"#,
        "h.json: health.priority[1]: \"watch\" is listed twice"
      ),
      (
        #"{ "samples": [ { "type": "stepCount", "source": "watch", "start": 0, "end": 10, "value": -5 } ] }"#,
        "h.json: health.samples[0].value: -5 is out of range (expected a number from 0 to 1000000)"
      ),
      (
        // A value that would overflow the day's sums to infinity (the writer has no JSON form
        // for it) is refused at its path: 300 count/min at most for heart rate.
        #"{ "samples": [ { "type": "restingHeartRate", "source": "watch", "start": 0, "value": 1e308 } ] }"#,
        "h.json: health.samples[0].value: 1e+308 is out of range (expected a number from 0 to 300)"
      ),
      (
        #"{ "samples": [ { "type": "stepCount", "source": "watch", "start": "-1:00", "end": "-2:00", "value": 5 } ] }"#,
        "h.json: health.samples[0].end: \"-2:00\" is out of range (expected a time at or after \"start\", \"-1:00\"; a sample must not end before it starts)"
      ),
      (
        #"{ "samples": [ { "type": "HKQuantityTypeIdentifierStepCount", "source": "watch", "start": 0, "value": 5 } ] }"#,
        "h.json: health.samples[0].type: \"HKQuantityTypeIdentifierStepCount\" is not a sample type (write the identifier without its prefix, \"stepCount\"; expected one of stepCount, distanceWalkingRunning, activeEnergyBurned, basalEnergyBurned, heartRate, restingHeartRate, heartRateVariabilitySDNN, respiratoryRate)"
      ),
      (
        // A HealthKit type the health key does not model: the app saves it.
        #"{ "samples": [ { "type": "dietaryWater", "source": "iPhone", "start": 0, "value": 250 } ] }"#,
        "h.json: health.samples[0].type: \"dietaryWater\" is a HealthKit type the scenario's health data does not model; save it from the app (HKHealthStore.save inside simulation.on(.phone)) or use one of stepCount, distanceWalkingRunning, activeEnergyBurned, basalEnergyBurned, heartRate, restingHeartRate, heartRateVariabilitySDNN, respiratoryRate"
      ),
      (
        // The same with its full identifier (no "drop the prefix" hint: the short name is refused too).
        #"{ "samples": [ { "type": "HKQuantityTypeIdentifierOxygenSaturation", "source": "watch", "start": 0, "value": 0.97 } ] }"#,
        "h.json: health.samples[0].type: \"HKQuantityTypeIdentifierOxygenSaturation\" is a HealthKit type the scenario's health data does not model; save it from the app (HKHealthStore.save inside simulation.on(.phone)) or use one of stepCount, distanceWalkingRunning, activeEnergyBurned, basalEnergyBurned, heartRate, restingHeartRate, heartRateVariabilitySDNN, respiratoryRate"
      ),
      (
        // A category type.
        #"{ "samples": [ { "type": "mindfulSession", "source": "watch", "start": 0, "value": 0 } ] }"#,
        "h.json: health.samples[0].type: \"mindfulSession\" is a HealthKit type the scenario's health data does not model; save it from the app (HKHealthStore.save inside simulation.on(.phone)) or use one of stepCount, distanceWalkingRunning, activeEnergyBurned, basalEnergyBurned, heartRate, restingHeartRate, heartRateVariabilitySDNN, respiratoryRate"
      ),
      (
        // Kinds the health key models under their own keys.
        #"{ "samples": [ { "type": "sleepAnalysis", "source": "watch", "start": 0, "value": 3 } ] }"#,
        "h.json: health.samples[0].type: \"sleepAnalysis\" is modeled under \"health.sleep\" (a night's stages), not as a sample; a sample's type is one of stepCount, distanceWalkingRunning, activeEnergyBurned, basalEnergyBurned, heartRate, restingHeartRate, heartRateVariabilitySDNN, respiratoryRate"
      ),
      (
        #"{ "samples": [ { "type": "HKWorkoutTypeIdentifier", "source": "watch", "start": 0, "value": 0 } ] }"#,
        "h.json: health.samples[0].type: \"HKWorkoutTypeIdentifier\" is modeled under \"health.workouts\" (planned workouts), not as a sample; a sample's type is one of stepCount, distanceWalkingRunning, activeEnergyBurned, basalEnergyBurned, heartRate, restingHeartRate, heartRateVariabilitySDNN, respiratoryRate"
      ),
      (
        #"{ "samples": [ { "type": "dateOfBirth", "source": "watch", "start": 0, "value": 0 } ] }"#,
        "h.json: health.samples[0].type: \"dateOfBirth\" is a HealthKit characteristic, not a sample type: give it in \"athlete\" (docs/scenario-format.md#athlete); a sample's type is one of stepCount, distanceWalkingRunning, activeEnergyBurned, basalEnergyBurned, heartRate, restingHeartRate, heartRateVariabilitySDNN, respiratoryRate"
      ),
      (
        // Not a HealthKit name: the plain refusal, with the closest name.
        #"{ "samples": [ { "type": "respiratoryRat", "source": "watch", "start": 0, "value": 15 } ] }"#,
        "h.json: health.samples[0].type: \"respiratoryRat\" is not a sample type (expected one of stepCount, distanceWalkingRunning, activeEnergyBurned, basalEnergyBurned, heartRate, restingHeartRate, heartRateVariabilitySDNN, respiratoryRate); did you mean \"respiratoryRate\"?"
      ),
      (
        #"{ "samples": [ { "type": "heartRateVariabilitySDNN", "source": "watch", "start": 0, "value": 1001 } ] }"#,
        "h.json: health.samples[0].value: 1001 is out of range (expected a number from 0 to 1000)"
      ),
      (
        #"{ "samples": [ { "type": "stepCount", "source": "phone", "start": 0, "value": 5 } ] }"#,
        "h.json: health.samples[0].source: \"phone\" is not a source (expected one of watch, iPhone); did you mean \"iPhone\"?"
      ),
      (
        #"{ "samples": [ { "type": "stepCount", "source": "watch", "start": 0, "end": 10, "value": 5, "savedAt": 5 } ] }"#,
        "h.json: health.samples[0].savedAt: 5 is out of range (expected a time at or after \"end\"; a sample is saved when it ends or later)"
      ),
      (
        #"{ "sleep": [ { "source": "watch", "start": "-8:00:00", "end": "-7:00:00", "stage": "asleepCore" }, { "source": "watch", "start": "-7:30:00", "end": "-6:00:00", "stage": "asleepDeep" } ] }"#,
        "h.json: health.sleep[1].start: asleepDeep from -27000 s to -21600 s overlaps sleep[0] (asleepCore from -28800 s to -25200 s) of the same source \"watch\" (stages of one source must not overlap; an inBed sample may span them)"
      ),
      (
        #"{ "sleep": [ { "source": "watch", "start": 0, "end": 60, "stage": "deep" } ] }"#,
        "h.json: health.sleep[0].stage: \"deep\" is not a sleep stage (expected one of inBed, asleepUnspecified, awake, asleepCore, asleepDeep, asleepREM)"
      ),
      (
        #"{ "lock": { "periods": [ { "from": 10, "to": 10 } ] } }"#,
        "h.json: health.lock.periods[0].to: 10 is out of range (expected a time after \"from\", 10)"
      ),
      (
        #"{ "habits": { "wake": "24:00:00" } }"#,
        "h.json: health.habits.wake: \"24:00:00\" is not a time of day (expected 0 to \"23:59:59\", from local midnight)"
      ),
      (
        #"{ "habits": { "steps": [9000, 4000] } }"#,
        "h.json: health.habits.steps[1]: 4000 is below the low end 9000 (expected [low, high], two step counts from 0 to 100000, for example [6000, 10000])"
      ),
      (
        #"{ "workouts": [ { "weekday": "mon", "at": "7:00:00", "activity": "running", "duration": 600 } ] }"#,
        "h.json: health.workouts[0].weekday: \"mon\" is not a weekday (expected one of sunday, monday, tuesday, wednesday, thursday, friday, saturday)"
      ),
      (
        #"{ "medications": [ { "identifier": "ibu", "name": "Ibuprofen", "doses": [ { "at": 0, "status": "skiped" } ] } ] }"#,
        "h.json: health.medications[0].doses[0].status: \"skiped\" is not a dose status (expected one of notInteracted, notificationNotSent, snoozed, taken, skipped, notLogged); did you mean \"skipped\"?"
      ),
      (
        #"{ "medications": [ { "identifier": "ibu", "name": "A" }, { "identifier": "ibu", "name": "B" } ] }"#,
        "h.json: health.medications[1].identifier: \"ibu\" names two medications"
      ),
      (
        #"{ "medications": [ { "identifier": "ibu" } ] }"#,
        "h.json: health.medications[0]: a medication needs \"identifier\" and \"name\""
      ),
      (
        #"{ "trip": { "date": "2026-02-30", "timeZone": "Asia/Tokyo" } }"#,
        "h.json: health.trip.date: \"2026-02-30\" is not a date (expected YYYY-MM-DD, for example \"2026-03-14\")"
      ),
    ])
  func badInput(body: String, message: String) {
    #expect(errorLine(health(body)) == message)
  }

  @Test("sleep: inBed may span the stages; two inBed samples of one source may not overlap")
  func inBedSpans() {
    let spanning = #"""
      { "sleep": [ { "source": "watch", "start": "-8:00:00", "end": "-1:00:00", "stage": "inBed" },
                   { "source": "iPhone", "start": "-8:00:00", "end": "-1:00:00", "stage": "inBed" },
                   { "source": "watch", "start": "-7:00:00", "end": "-6:00:00", "stage": "asleepREM" } ] }
      """#
    #expect(errorLine(health(spanning)) == nil)
    let twice = #"""
      { "sleep": [ { "source": "watch", "start": "-8:00:00", "end": "-1:00:00", "stage": "inBed" },
                   { "source": "watch", "start": "-2:00:00", "end": "-0:30:00", "stage": "inBed" } ] }
      """#
    #expect(
      errorLine(health(twice))?.hasPrefix("h.json: health.sleep[1].start: inBed from") == true)
  }

  @Test("a date-time needs the start when the course is a recording")
  func dateTimeWithRecording() {
    let json = #"""
      { "version": 1, "course": { "recording": "a.fit" },
        "health": { "samples": [ { "type": "heartRate", "source": "watch", "start": "2026-03-02T07:00:00Z", "value": 60 } ] } }
      """#
    #expect(
      errorLine(json)
        == "h.json: health.samples[0].start: \"2026-03-02T07:00:00Z\" is a date-time, which needs a fixed \"start\" (a recording's course takes t = 0 from its file, and \"start\": \"now\" from the clock; write a time from t = 0 instead, or give \"start\" a date-time)"
    )
  }
}
