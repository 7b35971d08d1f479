import Testing
import PhotiCasePipeline

/// `--shard auto`: the shard read from a Slurm array task's or an Indexed
/// Job pod's variables, and every way they can fail to name one. The Slurm
/// values are those Slurm 22.05 set in tasks of `--array=0-3`, `1,4,7`
/// and `0,2,3` on a one-node cluster (scripts/slurm-local.sh).
@Suite struct EngineShardTests {
    static func resolve(_ environment: [String: String]) -> Result<EngineShard.Found, EngineShardError> {
        Result { () throws(EngineShardError) in try EngineShard.resolve { environment[$0] } }
    }

    static func slurm(id: Int, min: Int, max: Int, step: Int = 1, count: Int) -> [String: String] {
        ["SLURM_ARRAY_TASK_ID": "\(id)", "SLURM_ARRAY_TASK_MIN": "\(min)", "SLURM_ARRAY_TASK_MAX": "\(max)",
         "SLURM_ARRAY_TASK_STEP": "\(step)", "SLURM_ARRAY_TASK_COUNT": "\(count)", "SLURM_ARRAY_JOB_ID": "41"]
    }

    @Test(arguments: 0..<4)
    func aTaskOfAZeroBasedArrayIsItsOwnShard(id: Int) throws {
        let found = try Self.resolve(Self.slurm(id: id, min: 0, max: 3, count: 4)).get()
        #expect(found.shard == Shard(index: id, count: 4))
        #expect(found.line == "shard \(id)/4 from SLURM_ARRAY_TASK_ID=\(id), SLURM_ARRAY_TASK_COUNT=4, "
                + "SLURM_ARRAY_TASK_MIN=0, SLURM_ARRAY_TASK_STEP=1, SLURM_ARRAY_TASK_MAX=3")
    }

    /// `--array=1-8` and `--array=0-15:4` number tasks along their range.
    @Test func rangesThatDoNotStartAtZeroOrStepCountFromZero() throws {
        #expect(try Self.resolve(Self.slurm(id: 1, min: 1, max: 8, count: 8)).get().shard == Shard(index: 0, count: 8))
        #expect(try Self.resolve(Self.slurm(id: 8, min: 1, max: 8, count: 8)).get().shard == Shard(index: 7, count: 8))
        #expect(try Self.resolve(Self.slurm(id: 12, min: 0, max: 12, step: 4, count: 4)).get().shard == Shard(index: 3, count: 4))
    }

    /// Only the id and the count: a 0-based range is assumed.
    @Test func theIdAndCountAloneAreAZeroBasedRange() throws {
        let found = try Self.resolve(["SLURM_ARRAY_TASK_ID": "2", "SLURM_ARRAY_TASK_COUNT": "3"]).get()
        #expect(found.shard == Shard(index: 2, count: 3))
        #expect(Self.resolve(["SLURM_ARRAY_TASK_ID": "3", "SLURM_ARRAY_TASK_COUNT": "3"])
                == .failure(.outside(index: "SLURM_ARRAY_TASK_ID=3", count: "SLURM_ARRAY_TASK_MIN..MAX=0..2")))
    }

    /// `--array=1,4,7` and `0,2,3`: Slurm says STEP=1 and a COUNT the range
    /// disagrees with; no K/N covers the gaps.
    @Test func aListedArrayIsRefused() {
        #expect(Self.resolve(Self.slurm(id: 4, min: 1, max: 7, count: 3))
                == .failure(.notARange(min: 1, max: 7, step: 1, count: 3)))
        #expect(Self.resolve(Self.slurm(id: 2, min: 0, max: 3, count: 3))
                == .failure(.notARange(min: 0, max: 3, step: 1, count: 3)))
    }

    @Test(arguments: 0..<3)
    func anIndexedJobPodIsItsIndex(index: Int) throws {
        let found = try Self.resolve(["JOB_COMPLETION_INDEX": "\(index)", "JOB_COMPLETIONS": "3"]).get()
        #expect(found.shard == Shard(index: index, count: 3))
        #expect(found.line == "shard \(index)/3 from JOB_COMPLETION_INDEX=\(index), JOB_COMPLETIONS=3")
    }

    @Test func whatNamesNoShardIsAnErrorNamingTheVariables() {
        #expect(Self.resolve([:]) == .failure(.noEngine))
        #expect(Self.resolve(["SLURM_JOB_ID": "7", "HOME": "/root"]) == .failure(.noEngine))
        #expect(Self.resolve(["SLURM_ARRAY_TASK_ID": "1"]) == .failure(.missing("SLURM_ARRAY_TASK_COUNT", with: "SLURM_ARRAY_TASK_ID")))
        #expect(Self.resolve(["JOB_COMPLETION_INDEX": "1"]) == .failure(.missing("JOB_COMPLETIONS", with: "JOB_COMPLETION_INDEX")))
        #expect(Self.resolve(["JOB_COMPLETIONS": "4"]) == .failure(.missing("JOB_COMPLETION_INDEX", with: "JOB_COMPLETIONS")))
        #expect(Self.resolve(["SLURM_ARRAY_TASK_ID": "x", "SLURM_ARRAY_TASK_COUNT": "2"]) == .failure(.notANumber("SLURM_ARRAY_TASK_ID", "x")))
        #expect(Self.resolve(["SLURM_ARRAY_TASK_ID": "-1", "SLURM_ARRAY_TASK_COUNT": "2"]) == .failure(.notANumber("SLURM_ARRAY_TASK_ID", "-1")))
        #expect(Self.resolve(["JOB_COMPLETION_INDEX": "4", "JOB_COMPLETIONS": "4"])
                == .failure(.outside(index: "JOB_COMPLETION_INDEX=4", count: "JOB_COMPLETIONS=4")))
        #expect(Self.resolve(["JOB_COMPLETION_INDEX": "0", "JOB_COMPLETIONS": "0"]) == .failure(.notANumber("JOB_COMPLETIONS", "0")))
        #expect(Self.resolve(["JOB_COMPLETION_INDEX": "0", "JOB_COMPLETIONS": "2000000"]) == .failure(.tooMany(2_000_000)))
        #expect(Self.resolve(Self.slurm(id: 0, min: 0, max: 1, count: 2).merging(["JOB_COMPLETION_INDEX": "0"]) { a, _ in a })
                == .failure(.twoEngines))
    }

    /// Each message says what to do or which variable is wrong.
    @Test func messagesNameTheVariables() {
        #expect("\(EngineShardError.noEngine)".contains("SLURM_ARRAY_TASK_ID") && "\(EngineShardError.noEngine)".contains("--shard K/N"))
        #expect("\(EngineShardError.notARange(min: 1, max: 7, step: 1, count: 3))".contains("--array=0-2"))
        #expect("\(EngineShardError.missing("JOB_COMPLETIONS", with: "JOB_COMPLETION_INDEX"))"
                == "--shard auto: JOB_COMPLETION_INDEX is set but JOB_COMPLETIONS is not")
    }
}
