//! The people a report counts (issue 16): the roster lines of some projects, narrowed to one unit or one
//! team. Each owning repository puts `clause` in its own SQL, so every figure of a report counts the same
//! lines.

use super::{Bind, placeholders};

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cohort {
    /// Never empty: no projects is `[0]` (no project has id 0), so `IN (…)` stays valid SQL.
    projects: Vec<i64>,
    /// A `project_units` id, 0 for every unit.
    pub unit: i64,
    /// A `teams` id, 0 for every team.
    pub team: i64,
}

impl Cohort {
    pub fn new(projects: Vec<i64>, unit: i64, team: i64) -> Cohort {
        let projects = if projects.is_empty() { vec![0] } else { projects };
        Cohort { projects, unit, team }
    }

    pub fn projects(&self) -> &[i64] {
        &self.projects
    }

    /// The condition on an employment row `alias` (project, unit, team) with placeholders from `$first`;
    /// `binds` gives their values in order.
    pub fn clause(&self, alias: &str, first: usize) -> String {
        let unit = first + self.projects.len();
        let team = unit + 1;
        format!(
            "{alias}.project_id IN ({}) AND (${unit} = 0 OR {alias}.unit_id = ${unit}) \
             AND (${team} = 0 OR COALESCE({alias}.team_id, 0) = ${team})",
            placeholders(first, self.projects.len())
        )
    }

    /// The condition on the project column `column` alone, placeholders from `$first` (`project_binds`).
    pub fn projects_clause(&self, column: &str, first: usize) -> String {
        format!("{column} IN ({})", placeholders(first, self.projects.len()))
    }

    pub fn binds(&self) -> Vec<Bind> {
        let mut binds = self.project_binds();
        binds.push(Bind::Int(self.unit));
        binds.push(Bind::Int(self.team));
        binds
    }

    pub fn project_binds(&self) -> Vec<Bind> {
        super::int_binds(&self.projects)
    }

    /// How many placeholders `clause` takes.
    pub fn placeholder_count(&self) -> usize {
        self.projects.len() + 2
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_clause_numbers_its_placeholders_after_the_callers() {
        let cohort = Cohort::new(vec![3, 4], 7, 0);
        assert_eq!(
            cohort.clause("e", 3),
            "e.project_id IN ($3, $4) AND ($5 = 0 OR e.unit_id = $5) AND ($6 = 0 OR COALESCE(e.team_id, 0) = $6)"
        );
        assert_eq!(cohort.binds(), vec![Bind::Int(3), Bind::Int(4), Bind::Int(7), Bind::Int(0)]);
        assert_eq!(cohort.placeholder_count(), 4);
        assert_eq!(Cohort::new(Vec::new(), 0, 0).projects(), &[0]);
    }
}
