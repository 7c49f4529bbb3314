/** Synthetic names for the demo's people: varied, common, and not anyone in particular. */
export const FIRST_NAMES = [
  'Aaliyah', 'Aarav', 'Abigail', 'Adrian', 'Aiko', 'Alejandro', 'Amara', 'Amir', 'Ana', 'Andre',
  'Anika', 'Ari', 'Ava', 'Ben', 'Bianca', 'Brandon', 'Brianna', 'Caleb', 'Camila', 'Carlos',
  'Chloe', 'Darius', 'Deja', 'Diego', 'Dylan', 'Elena', 'Eli', 'Emeka', 'Emily', 'Esther',
  'Ethan', 'Fatima', 'Gabriel', 'Grace', 'Hana', 'Hassan', 'Imani', 'Isaac', 'Isabella', 'Jada',
  'Jamal', 'Jasmine', 'Javier', 'Jayden', 'Jin', 'Julia', 'Kai', 'Kenji', 'Keisha', 'Layla',
  'Leah', 'Leo', 'Liam', 'Lucia', 'Malik', 'Maya', 'Mateo', 'Mei', 'Mia', 'Mohammed',
  'Naomi', 'Nia', 'Noah', 'Nora', 'Olivia', 'Omar', 'Owen', 'Priya', 'Quinn', 'Rafael',
  'Riley', 'Rosa', 'Ryan', 'Samira', 'Santiago', 'Sara', 'Sofia', 'Sora', 'Tariq', 'Tessa',
  'Theo', 'Valentina', 'Vikram', 'Wyatt', 'Ximena', 'Yara', 'Yusuf', 'Zara', 'Zoe', 'Hugo',
] as const;

export const LAST_NAMES = [
  'Abbott', 'Adeyemi', 'Alvarez', 'Anderson', 'Baker', 'Banerjee', 'Bennett', 'Brooks', 'Castillo', 'Chen',
  'Clarke', 'Coleman', 'Cruz', 'Davis', 'Delgado', 'Dubois', 'Edwards', 'Evans', 'Fischer', 'Flores',
  'Foster', 'Garcia', 'Gonzalez', 'Gupta', 'Hall', 'Hansen', 'Harris', 'Hayes', 'Hernandez', 'Hughes',
  'Ibrahim', 'Ito', 'Jackson', 'Jensen', 'Johnson', 'Kaur', 'Kelly', 'Kim', 'Kowalski', 'Lee',
  'Lewis', 'Lopez', 'Martin', 'Martinez', 'Mendoza', 'Miller', 'Mitchell', 'Morales', 'Murphy', 'Nakamura',
  'Nguyen', 'Novak', 'Okafor', 'Olsen', 'Ortiz', 'Park', 'Patel', 'Perez', 'Petrov', 'Phillips',
  'Quinn', 'Ramirez', 'Reed', 'Reyes', 'Rivera', 'Robinson', 'Rossi', 'Russell', 'Sanchez', 'Santos',
  'Schmidt', 'Shah', 'Silva', 'Singh', 'Sullivan', 'Tanaka', 'Taylor', 'Thompson', 'Torres', 'Tran',
  'Turner', 'Vargas', 'Walker', 'Wang', 'Washington', 'Watson', 'Williams', 'Wright', 'Yamamoto', 'Young',
] as const;

/** Activities for introductions ("I like ..."). */
export const HOBBIES = [
  'playing soccer', 'drawing comics', 'baking bread', 'playing the cello', 'rock climbing', 'writing songs',
  'running cross country', 'building model rockets', 'reading fantasy novels', 'skateboarding', 'photography',
  'coding small games', 'volunteering at the animal shelter', 'playing chess', 'dancing', 'fishing with my uncle',
  'knitting', 'playing basketball', 'gardening', 'learning Korean',
] as const;
