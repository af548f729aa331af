import Support

/// A feed source answered from a thread of its own (a folder watch, a command): the thread wakes the window, and a
/// headless run waits for the answer in real time.
public protocol ThreadedFeedSource: FeedSource {
    /// Whether a request waits for an answer that has not come yet.
    var isAwaitingAnswer: Bool { get }
    /// Notified by the source's thread whenever it sets an answer.
    var answerSignal: AnswerSignal { get }
}

extension ThreadedFeedSource {
    /// `nil`: the source's thread wakes the window when its answer is ready.
    public var dueTime: Double? { nil }

    /// True: answers come in real time.
    public var answersInRealTime: Bool { true }

    /// Waits while an answer is awaited, for at most `seconds`; returns as soon as the source's thread answers.
    public func waitForAnswer(upTo seconds: Double) {
        answerSignal.wait(upTo: seconds) { isAwaitingAnswer }
    }
}
