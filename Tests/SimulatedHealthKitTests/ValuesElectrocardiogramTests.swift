import Foundation
import Testing
import WorkoutHealth

@testable import SimulatedHealthKit

/// Sleep analysis values, the ECG's summary and its units (volt, hertz): raw values from the
/// iOS SDK headers (`HKCategoryValues.h`, `HKElectrocardiogram.h`).
@Suite struct ValuesElectrocardiogramTests {
  @Test func sleepAnalysisRawValuesAndAllAsleep() {
    // HKCategoryValues.h: inBed 0, asleepUnspecified 1, awake 2, asleepCore 3, asleepDeep 4,
    // asleepREM 5.
    #expect(HKCategoryValueSleepAnalysis.allCases.map(\.rawValue) == [0, 1, 2, 3, 4, 5])
    #expect(
      HKCategoryValueSleepAnalysis.allAsleepValues
        == [.asleepUnspecified, .asleepCore, .asleepDeep, .asleepREM])
    #expect(Set(HKCategoryValueSleepAnalysis.allAsleepValues.map(\.rawValue)) == [1, 3, 4, 5])
    #expect(HKCategoryValue.notApplicable.rawValue == 0)
    #expect(HKCategoryValueAppleStandHour.idle.rawValue == 1)
  }

  @Test func electrocardiogramEnumsKeepTheSDKRawValues() {
    // HKElectrocardiogram.h: notSet 0 ... inconclusiveOther 6, unrecognized 100.
    #expect(
      HKElectrocardiogram.Classification.allCases.map(\.rawValue) == [0, 1, 2, 3, 4, 5, 6, 100])
    #expect(HKElectrocardiogram.SymptomsStatus.allCases.map(\.rawValue) == [0, 1, 2])
    #expect(HKElectrocardiogram.Lead.appleWatchSimilarToLeadI.rawValue == 1)
    #expect(
      HKObjectType.electrocardiogramType().identifier == "HKDataTypeIdentifierElectrocardiogram")
    #expect(HKObjectType.electrocardiogramType() == HKElectrocardiogramType())
  }

  @Test func voltsAndHertz() {
    // 1 mcV = 10⁻⁶ V; 1 mV = 10⁻³ V.
    let microvolts = HKQuantity(unit: .voltUnit(with: .micro), doubleValue: 1000)
    #expect(microvolts.doubleValue(for: .volt()) == 0.001)
    #expect(microvolts.doubleValue(for: HKUnit(from: "mV")) == 1)
    #expect(HKUnit(from: "mcV") == HKUnit.voltUnit(with: .micro))
    #expect(HKUnit.volt().unitString == "V")
    #expect(HKUnit.hertz().unitString == "Hz")
    // Volts are not watts, nor anything else of g, m, s alone.
    #expect(!HKUnit.volt().isCompatible(with: .watt()))
    #expect(
      HKQuantity(unit: .hertzUnit(with: .kilo), doubleValue: 0.512).doubleValue(for: .hertz())
        == 512)
  }

  @Test func electrocardiogramSummaryAndMeasurements() {
    let recording = HealthElectrocardiogram(
      classification: 2, averageHeartRate: 88, samplingFrequency: 512,
      numberOfVoltageMeasurements: 15_360, seed: 9)
    let start = Date(timeIntervalSince1970: 1_700_000_000)
    let ecg = HKElectrocardiogram(
      recording: recording, startDate: start, endDate: start + 30, uuid: UUID(), device: nil,
      sourceRevision: HKSourceRevision(source: .default(), version: nil))
    #expect(ecg.classification == .atrialFibrillation)
    #expect(ecg.numberOfVoltageMeasurements == 15_360)
    #expect(ecg.samplingFrequency?.doubleValue(for: .hertz()) == 512)
    #expect(ecg.averageHeartRate?.doubleValue(for: HKUnit(from: "count/min")) == 88)
    #expect(ecg.symptomsStatus == .none)
    #expect(ecg.sampleType == HKObjectType.electrocardiogramType())
    // Measurement 1024 is 1024 / 512 = 2 s in; its quantity is the waveform's µV × 10⁻⁶ in V.
    let waveform = ElectrocardiogramWaveform(recording)
    let measurement = ecg.measurement(1024, of: waveform)
    #expect(measurement.timeSinceSampleStart == 2)
    let volts = measurement.quantity(for: .appleWatchSimilarToLeadI)!.doubleValue(for: .volt())
    #expect(abs(volts - waveform.voltage(at: 1024) * 1e-6) < 1e-15)
    let microvolts = measurement.quantity(for: .appleWatchSimilarToLeadI)!
      .doubleValue(for: .voltUnit(with: .micro))
    #expect(abs(microvolts - waveform.voltage(at: 1024)) < 1e-9)
  }
}
