// Filled by the DIRuntime issue.
