import Testing
import WorkoutCore
import WorkoutHealth

@Suite struct HealthStoreMemoryTests {
  /// Per stored sample: the 40-byte sample, 4 + 4 + 4 bytes of its places in the arrival order,
  /// its type's arrival order and its type's start order, one bit of the deleted set:
  /// 40 + 12 + 0.125 = 52.125 bytes, under the budget of 64. No per-sample
  /// class objects: the sample and the ids are plain values.
  @Test func bytesPerSample() {
    #expect(MemoryLayout<HealthSample>.stride == 40)
    #expect(MemoryLayout<HealthSampleID>.stride == 4)
    #expect(HealthStore.bytesPerSample == 52.125)
    #expect(HealthStore.bytesPerSample <= 64)
  }

  /// The structures a store of 10 000 samples holds stay within 64 bytes a sample.
  @Test func storageOfTenThousandSamples() {
    let samples = (0..<10_000).map {
      Fixture.steps(UInt16($0 % 2), .seconds(Int64($0) * 60), .seconds(Int64($0) * 60 + 30), 10)
    }
    let store = Fixture.store(samples)
    #expect(store.sampleCount == 10_000)
    #expect(store.storageBytes <= 64 * 10_000)
  }
}
