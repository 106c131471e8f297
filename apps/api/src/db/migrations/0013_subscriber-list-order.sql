-- Reserved: filled in by the work that needs it (parallel work takes numbers up front so the journal never names a file that is not committed).
SELECT 1;
