import TMDBTestSupport
import Testing

/// The one behaviour suite every step must pass: the promises of Lessons/SPEC.md, whose IDs
/// the scenarios' names start with.
///
/// Steps 01–04 reach the network through one shared client, as most tutorials do, so the
/// in-process scenarios run one at a time.
@Suite(.serialized, .sharingTMDBClient)
enum Acceptance {}
