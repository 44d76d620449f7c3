import Testing
import WorkoutPhysiology
import WorkoutScenario
import WorkoutSimTestSupport

/// The athlete's heart-rate keys (docs/scenario-format.md#athlete): what `calibrate` fits.
@Suite struct AthleteKineticsTests {
  @Test func keysReachTheAthlete() throws {
    let scenario = try decodeScenario(
      #"{"version": 1, "athlete": {"heartRateRiseSeconds": 35, "heartRateFallSeconds": 45.5, "heartRateDrift": 0.1, "heartRateRecoveryResidual": 0.5, "heartRateSlowComponent": 0.12, "heartRateSlowSeconds": 450}}"#
    )
    #expect(
      scenario.athlete.heartRate
        == HeartRateParameters(
          riseTimeConstant: 35, fallTimeConstant: 45.5, recoveryResidualFraction: 0.5,
          recoveryResidualTimeConstant: 300, driftGain: 0.1, driftOnset: 600, driftFull: 3600,
          slowComponentGain: 0.12, slowComponentTimeConstant: 450))
  }

  @Test func absentKeysKeepTheModelsValues() throws {
    let scenario = try decodeScenario(#"{"version": 1, "athlete": {"vo2Max": 50}}"#)
    #expect(scenario.athlete.heartRate == HeartRateParameters())
  }
}
